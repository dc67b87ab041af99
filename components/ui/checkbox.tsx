import type { ComponentPropsWithRef, ReactNode } from "react";
import { cn } from "./cn";

export type CheckboxProps = Omit<ComponentPropsWithRef<"input">, "type"> & { label: ReactNode };

/** A native checkbox with its label; the whole label is the click target. */
export function Checkbox({ label, className, ...props }: CheckboxProps) {
  return (
    <label
      className={cn(
        "inline-flex cursor-pointer select-none items-center gap-2 text-sm text-slate-800 dark:text-slate-200",
        className,
      )}
    >
      <input
        type="checkbox"
        className="h-4 w-4 rounded border-slate-400 accent-indigo-600 dark:border-slate-600 dark:accent-indigo-400"
        {...props}
      />
      {label}
    </label>
  );
}
