"use client";

import { useEffect, useState, type ComponentPropsWithRef } from "react";
import { Input } from "@/components/ui/input";

type Props = Omit<ComponentPropsWithRef<"input">, "value" | "onChange" | "defaultValue"> & {
  /** The committed value (from the URL). */
  value: string;
  /** Called with the trimmed text once typing pauses for `delay` ms, or at once on Enter. */
  onCommit: (value: string) => void;
  delay?: number;
};

/** A text input that commits what was typed after a pause, and follows outside changes (Back, Clear filters). */
export function DebouncedInput({ value, onCommit, delay = 300, onKeyDown, ...props }: Props) {
  const [text, setText] = useState(value);
  const [committed, setCommitted] = useState(value);
  // The URL changed under us: show its value, unless it is just our own text committed.
  if (value !== committed) {
    setCommitted(value);
    if (value !== text.trim()) setText(value);
  }

  useEffect(() => {
    if (text.trim() === value) return;
    const timer = setTimeout(() => onCommit(text.trim()), delay);
    return () => clearTimeout(timer);
  }, [text, value, delay, onCommit]);

  return (
    <Input
      {...props}
      value={text}
      onChange={(e) => setText(e.target.value)}
      onKeyDown={(e) => {
        if (e.key === "Enter" && text.trim() !== value) onCommit(text.trim());
        onKeyDown?.(e);
      }}
    />
  );
}
