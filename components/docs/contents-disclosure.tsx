"use client";

import { useEffect, useId, useRef, useState, type ReactNode } from "react";
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
  const box = useRef<HTMLDivElement>(null);
  // As a sidebar taller than the window it scrolls on its own: start it at the page's own group, not
  // at the overview's sections, so that a group further down is in view with its operations.
  useEffect(() => {
    const sidebar = box.current;
    const current = sidebar?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!sidebar || !current || sidebar.scrollHeight <= sidebar.clientHeight) return;
    sidebar.scrollTop += current.getBoundingClientRect().top - sidebar.getBoundingClientRect().top - 8;
  }, []);
  return (
    <div
      ref={box}
      className={cn("mt-6 rounded-lg border border-slate-200 lg:mt-0 lg:rounded-none lg:border-0 dark:border-slate-800", className)}
    >
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
