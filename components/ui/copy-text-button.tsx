"use client";

import { cn } from "./cn";
import { CheckIcon, CopyIcon } from "./icons";
import { useCopyToClipboard } from "./use-copy-to-clipboard";

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
  const { state, copy } = useCopyToClipboard({ resetAfterMs: 2_000 });
  const feedback = state === "copied" ? "Copied" : state === "failed" ? "Copy failed" : "";
  const shownText = showText ? (state === "idle" ? "Copy" : feedback) : feedback;
  return (
    <span className="inline-flex items-center">
      <button
        type="button"
        onClick={() => void copy(text)}
        aria-label={label}
        title={label}
        data-copy-state={state}
        className={cn(
          "inline-flex h-7 shrink-0 items-center gap-1 rounded-md px-1.5 text-xs font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-white",
          state === "copied" && "text-emerald-700 dark:text-emerald-400",
          className,
        )}
      >
        {state === "copied" ? <CheckIcon /> : <CopyIcon />}
        {shownText && <span aria-hidden="true">{shownText}</span>}
      </button>
      <span role="status" aria-live="polite" className="sr-only">
        {feedback}
      </span>
    </span>
  );
}
