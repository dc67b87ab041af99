"use client";

import { Button } from "@/components/ui/button";

// An unexpected failure while rendering the page (the database, not a missing instrument).
export default function InstrumentError({
  error,
  reset,
}: {
  error: Error & { digest?: string };
  reset: () => void;
}) {
  return (
    <div role="alert" className="mx-auto max-w-xl py-16">
      <h1 className="text-2xl font-semibold tracking-tight">This instrument could not be loaded</h1>
      <p className="mt-3 text-slate-700 dark:text-slate-300">
        Something went wrong on our side. Try again in a moment.
      </p>
      {error.digest && (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
          Reference <code className="font-mono">{error.digest}</code> (quote it when you report the problem;
          it is in the server log).
        </p>
      )}
      <Button variant="primary" className="mt-6" onClick={reset}>
        Try again
      </Button>
    </div>
  );
}
