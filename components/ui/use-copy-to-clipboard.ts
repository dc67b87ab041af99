"use client";

import { useCallback, useEffect, useRef, useState } from "react";

export type CopyState = "idle" | "copied" | "failed";

/**
 * The one place the dashboard writes to the clipboard. `copy(text)` writes it and says how that went
 * in `state`; with `resetAfterMs`, the state goes back to "idle" after that long (a button that says
 * "Copied" for a moment), without it the result stays.
 */
export function useCopyToClipboard({ resetAfterMs }: { resetAfterMs?: number } = {}) {
  const [state, setState] = useState<CopyState>("idle");
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = useCallback(
    async (text: string) => {
      let next: CopyState = "copied";
      try {
        await navigator.clipboard.writeText(text);
      } catch {
        // No clipboard permission (or an insecure origin): say so instead of pretending.
        next = "failed";
      }
      setState(next);
      clearTimeout(timer.current);
      if (resetAfterMs !== undefined) timer.current = setTimeout(() => setState("idle"), resetAfterMs);
    },
    [resetAfterMs],
  );

  return { state, copy };
}
