"use client";

import { useEffect, useRef, useState } from "react";
import { cn } from "./cn";

type CopyState = "idle" | "copied" | "failed";

/**
 * Copies `text` to the clipboard. The accessible name says what is copied ("Copy token address");
 * the result is announced through a polite live region and shown as "Copied" for two seconds.
 */
export function CopyTextButton({
  text,
  label,
  showText = false,
  className,
}: {
  text: string;
  /** The accessible name, e.g. "Copy token address". */
  label: string;
  /** Show "Copy" beside the icon (otherwise icon only, with the label as a tooltip). */
  showText?: boolean;
  className?: string;
}) {
  const [state, setState] = useState<CopyState>("idle");
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async () => {
    let next: CopyState = "copied";
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      // No clipboard permission (or an insecure origin): say so instead of pretending.
      next = "failed";
    }
    setState(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setState("idle"), 2_000);
  };

  const feedback = state === "copied" ? "Copied" : state === "failed" ? "Copy failed" : "";
  return (
    <span className="inline-flex items-center">
      <button
        type="button"
        onClick={copy}
        aria-label={label}
        title={label}
        data-copy-state={state}
        className={cn(
          "inline-flex h-7 shrink-0 items-center gap-1 rounded-md px-1.5 text-xs font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-white",
          state === "copied" && "text-emerald-700 dark:text-emerald-400",
          className,
        )}
      >
        {state === "copied" ? (
          <svg
            aria-hidden="true"
            viewBox="0 0 16 16"
            className="h-4 w-4"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.75"
            strokeLinecap="round"
            strokeLinejoin="round"
          >
            <path d="m3.5 8.5 3 3 6-7" />
          </svg>
        ) : (
          <svg
            aria-hidden="true"
            viewBox="0 0 16 16"
            className="h-4 w-4"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.5"
            strokeLinejoin="round"
          >
            <rect x="5.5" y="5.5" width="8" height="8" rx="1.5" />
            <path d="M10.5 5.5v-2a1 1 0 0 0-1-1h-6a1 1 0 0 0-1 1v6a1 1 0 0 0 1 1h2" />
          </svg>
        )}
        {showText && <span aria-hidden="true">{state === "idle" ? "Copy" : feedback}</span>}
        {!showText && feedback && <span aria-hidden="true">{feedback}</span>}
      </button>
      <span role="status" aria-live="polite" className="sr-only">
        {feedback}
      </span>
    </span>
  );
}
