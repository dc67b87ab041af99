"use client";

import { AppLink } from "@/components/ui/app-link";
import { usePathname } from "next/navigation";

export const navItems = [
  { href: "/", label: "Explorer" },
  { href: "/protocols", label: "Protocols" },
  { href: "/positions", label: "Positions" },
  { href: "/settings/api-keys", label: "API keys" },
  { href: "/docs", label: "API docs", shortLabel: "Docs" },
] as const;

export function NavLinks() {
  const pathname = usePathname();
  return (
    <ul className="flex items-center justify-between gap-0.5 overflow-x-auto text-[13px] sm:justify-start sm:gap-1 sm:text-sm">
      {navItems.map((item) => {
        const active =
          item.href === "/"
            ? pathname === "/" || pathname.startsWith("/instruments")
            : pathname.startsWith(item.href);
        return (
          <li key={item.href}>
            <AppLink
              href={item.href}
              aria-current={active ? "page" : undefined}
              aria-label={"shortLabel" in item ? item.label : undefined}
              className={`block whitespace-nowrap rounded-md px-2 py-1.5 font-medium sm:px-2.5 ${
                active
                  ? "bg-slate-100 text-slate-900 dark:bg-slate-800 dark:text-white"
                  : "text-slate-600 hover:text-slate-900 dark:text-slate-400 dark:hover:text-white"
              }`}
            >
              {"shortLabel" in item ? (
                // The full label does not fit beside the others at phone widths.
                <>
                  <span className="sm:hidden">{item.shortLabel}</span>
                  <span className="hidden sm:inline">{item.label}</span>
                </>
              ) : (
                item.label
              )}
            </AppLink>
          </li>
        );
      })}
    </ul>
  );
}
