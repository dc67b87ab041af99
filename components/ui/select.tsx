import type { ComponentPropsWithRef } from "react";
import { cn } from "./cn";

/** A native <select> with the house look (native keeps keyboard and mobile pickers for free). */
export function Select({ className, children, ...props }: ComponentPropsWithRef<"select">) {
  return (
    <select
      className={cn(
        "h-9 w-full rounded-md border border-slate-300 bg-white pl-3 pr-8 text-sm text-slate-900 shadow-sm focus:border-indigo-500 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100",
        className,
      )}
      {...props}
    >
      {children}
    </select>
  );
}
