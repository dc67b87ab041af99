"use client";

import { useId, useState, type ReactNode } from "react";
import { ChevronDownIcon } from "@/components/ui/icons";
import { cn } from "@/components/ui/cn";

/**
 * The reference's contents, rendered once: a sidebar on wide screens, folded behind a "Contents"
 * button above the text on narrow ones. (Rendering it twice, a sidebar and a folded copy, cost every
 * page of the reference its contents' elements twice over.)
 */
export function ContentsDisclosure({ className, children }: { className?: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <div className={cn("mt-6 rounded-lg border border-slate-200 lg:mt-0 lg:rounded-none lg:border-0 dark:border-slate-800", className)}>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((o) => !o)}
        className="flex w-full items-center justify-between px-4 py-3 text-left text-sm font-medium lg:hidden"
      >
        Contents
        <ChevronDownIcon className={cn("size-4 transition-transform", open && "rotate-180")} />
      </button>
      <div
        id={id}
        className={cn(
          "lg:block lg:border-0 lg:p-0 lg:pb-8 lg:pr-2",
          open ? "border-t border-slate-200 px-2 py-3 dark:border-slate-800" : "hidden",
        )}
      >
        {children}
      </div>
    </div>
  );
}
