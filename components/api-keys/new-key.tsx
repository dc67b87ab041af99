"use client";

import { useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { DialogFooter } from "@/components/ui/dialog";

/** The full key, once, with a copy button and the warning that this is the only time. */
export function NewKey({ apiKey, onDone, children }: { apiKey: string; onDone: () => void; children: React.ReactNode }) {
  const [copy, setCopy] = useState<"idle" | "copied" | "failed">("idle");
  const copyButton = useRef<HTMLButtonElement>(null);
  // The form that had focus is gone: focus moves to the one thing to do next.
  useEffect(() => copyButton.current?.focus(), []);
  const copyKey = async () => {
    try {
      await navigator.clipboard.writeText(apiKey);
      setCopy("copied");
    } catch {
      setCopy("failed");
    }
  };
  return (
    <div>
      <p className="text-sm text-slate-700 dark:text-slate-300">{children}</p>
      <div className="mt-4 flex items-stretch gap-2">
        <code
          aria-label="Your new API key"
          data-testid="new-api-key"
          className="min-w-0 flex-1 select-all break-all rounded-md border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-[13px] leading-5 text-slate-900 dark:border-slate-700 dark:bg-slate-950 dark:text-slate-100"
        >
          {apiKey}
        </code>
        <Button ref={copyButton} variant="secondary" className="h-auto shrink-0" onClick={copyKey}>
          <svg
            aria-hidden="true"
            viewBox="0 0 20 20"
            className="h-4 w-4"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.6"
          >
            <rect x="7" y="7" width="10" height="10" rx="1.5" />
            <path d="M13 7V4.5A1.5 1.5 0 0 0 11.5 3h-7A1.5 1.5 0 0 0 3 4.5v7A1.5 1.5 0 0 0 4.5 13H7" />
          </svg>
          {copy === "copied" ? "Copied" : "Copy"}
        </Button>
      </div>
      <p aria-live="polite" className="sr-only">
        {copy === "copied" ? "Key copied to the clipboard" : ""}
      </p>
      {copy === "failed" && (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
          The clipboard is not available here: select the key and copy it by hand.
        </p>
      )}
      <div className="mt-4 flex gap-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-800/70 dark:bg-amber-950/50 dark:text-amber-200">
        <svg aria-hidden="true" viewBox="0 0 20 20" className="mt-0.5 h-4 w-4 shrink-0" fill="currentColor">
          <path d="M10 2.5 1.5 17.5h17L10 2.5Zm-.75 5h1.5v5h-1.5v-5Zm0 6.25h1.5v1.5h-1.5v-1.5Z" />
        </svg>
        <p>
          <strong className="font-semibold">Copy this key now. It will not be shown again.</strong> Yieldgrid
          keeps only a hash of it; if you lose it, roll the key for a new secret.
        </p>
      </div>
      <DialogFooter>
        <Button variant="primary" onClick={onDone}>
          Done
        </Button>
      </DialogFooter>
    </div>
  );
}
