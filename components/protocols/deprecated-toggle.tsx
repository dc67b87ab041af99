"use client";

import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useOptimistic, useTransition } from "react";
import { cn } from "@/components/ui/cn";

/** The "Show deprecated versions" switch; its state is ?deprecated=1, read by the server page. */
export function DeprecatedToggle({ checked, count }: { checked: boolean; count: number }) {
  const router = useRouter();
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const [pending, startTransition] = useTransition();
  // The switch flips at once; the page's rows follow when the server answers.
  const [on, setOn] = useOptimistic(checked);

  const toggle = () => {
    const params = new URLSearchParams(searchParams);
    if (on) params.delete("deprecated");
    else params.set("deprecated", "1");
    const query = params.toString();
    startTransition(() => {
      setOn(!on);
      router.replace(query ? `${pathname}?${query}` : pathname, { scroll: false });
    });
  };

  return (
    <button
      type="button"
      role="switch"
      aria-checked={on}
      onClick={toggle}
      aria-busy={pending || undefined}
      className="group inline-flex items-center gap-3 rounded-md py-1 text-sm font-medium text-slate-700 dark:text-slate-300"
    >
      <span
        aria-hidden="true"
        className={cn(
          "relative inline-flex h-5 w-9 shrink-0 items-center rounded-full transition-colors",
          on ? "bg-indigo-600 dark:bg-indigo-500" : "bg-slate-300 dark:bg-slate-600",
          pending && "opacity-60",
        )}
      >
        <span
          className={cn(
            "inline-block h-4 w-4 rounded-full bg-white shadow transition-transform",
            on ? "translate-x-[1.125rem]" : "translate-x-0.5",
          )}
        />
      </span>
      <span>
        Show deprecated versions{" "}
        <span className="font-normal text-slate-600 dark:text-slate-400">({count})</span>
      </span>
    </button>
  );
}
