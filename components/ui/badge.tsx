import type { ComponentPropsWithRef } from "react";
import { cn } from "./cn";

export type BadgeTone = "neutral" | "success" | "warning" | "danger" | "info";

// Text colours are the 700/300 steps so every tone keeps 4.5:1 contrast on its tint in both themes.
const tones: Record<BadgeTone, string> = {
  neutral:
    "bg-slate-100 text-slate-700 ring-slate-300/60 dark:bg-slate-800 dark:text-slate-300 dark:ring-slate-600/60",
  success:
    "bg-emerald-50 text-emerald-800 ring-emerald-600/25 dark:bg-emerald-950 dark:text-emerald-300 dark:ring-emerald-400/30",
  warning:
    "bg-amber-50 text-amber-800 ring-amber-600/30 dark:bg-amber-950 dark:text-amber-300 dark:ring-amber-400/30",
  danger: "bg-red-50 text-red-700 ring-red-600/25 dark:bg-red-950 dark:text-red-300 dark:ring-red-400/30",
  info: "bg-indigo-50 text-indigo-700 ring-indigo-600/25 dark:bg-indigo-950 dark:text-indigo-300 dark:ring-indigo-400/30",
};

export function badgeClasses({ tone = "neutral", className }: { tone?: BadgeTone; className?: string } = {}) {
  return cn(
    "inline-flex items-center gap-1 whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset",
    tones[tone],
    className,
  );
}

export type BadgeProps = ComponentPropsWithRef<"span"> & { tone?: BadgeTone };

export function Badge({ tone, className, ...props }: BadgeProps) {
  return <span className={badgeClasses({ tone, className })} {...props} />;
}
