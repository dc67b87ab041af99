import type { ComponentPropsWithRef } from "react";
import { cn } from "./cn";

export const inputClasses =
  "h-9 w-full rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-indigo-500 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-400";

/** A text/number input with the house look; label it with <label> or aria-label. */
export function Input({ className, ...props }: ComponentPropsWithRef<"input">) {
  return <input className={cn(inputClasses, className)} {...props} />;
}
