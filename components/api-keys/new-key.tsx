"use client";

import { useEffect, useRef } from "react";
import { Button } from "@/components/ui/button";
import { DialogFooter } from "@/components/ui/dialog";
import { CopyIcon, WarningIcon } from "@/components/ui/icons";
import { useCopyToClipboard } from "@/components/ui/use-copy-to-clipboard";

/** The full key, once, with a copy button and the warning that this is the only time. */
export function NewKey({ apiKey, onDone, children }: { apiKey: string; onDone: () => void; children: React.ReactNode }) {
  const clipboard = useCopyToClipboard();
  const copyButton = useRef<HTMLButtonElement>(null);
  // The form that had focus is gone: focus moves to the one thing to do next.
  useEffect(() => copyButton.current?.focus(), []);
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
        <Button ref={copyButton} variant="secondary" className="h-auto shrink-0" onClick={() => void clipboard.copy(apiKey)}>
          <CopyIcon />
          {clipboard.state === "copied" ? "Copied" : "Copy"}
        </Button>
      </div>
      <p aria-live="polite" className="sr-only">
        {clipboard.state === "copied" ? "Key copied to the clipboard" : ""}
      </p>
      {clipboard.state === "failed" && (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
          The clipboard is not available here: select the key and copy it by hand.
        </p>
      )}
      <div className="mt-4 flex gap-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-800/70 dark:bg-amber-950/50 dark:text-amber-200">
        <WarningIcon className="mt-0.5 shrink-0" />
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
