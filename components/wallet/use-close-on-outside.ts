"use client";

import { useEffect, type RefObject } from "react";

/**
 * While `open`, a pointer press outside `root` closes it, and so does Escape, which also gives focus
 * back to `trigger` (the button that opened it).
 */
export function useCloseOnOutside({
  open,
  close,
  root,
  trigger,
}: {
  open: boolean;
  close: () => void;
  root: RefObject<HTMLElement | null>;
  trigger: RefObject<HTMLElement | null>;
}) {
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (root.current && !root.current.contains(event.target as Node)) close();
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        close();
        trigger.current?.focus();
      }
    };
    document.addEventListener("pointerdown", onPointer);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("keydown", onKey);
    };
  }, [open, close, root, trigger]);
}
