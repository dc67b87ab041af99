import type { ComponentPropsWithRef } from "react";
import { cn } from "./cn";

/** A pulsing placeholder block; size it with className (h-4 w-24 …). Hidden from screen readers. */
export function Skeleton({ className, ...props }: ComponentPropsWithRef<"span">) {
  return (
    <span
      aria-hidden="true"
      className={cn("block animate-pulse rounded bg-slate-200 dark:bg-slate-800", className)}
      {...props}
    />
  );
}
