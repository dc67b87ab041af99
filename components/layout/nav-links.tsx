"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";

export const navItems = [
  { href: "/", label: "Explorer" },
  { href: "/protocols", label: "Protocols" },
  { href: "/positions", label: "Positions" },
  { href: "/settings/api-keys", label: "API keys" },
  { href: "/docs", label: "API docs" },
] as const;

export function NavLinks() {
  const pathname = usePathname();
  return (
    <ul className="flex items-center gap-1 overflow-x-auto text-sm">
      {navItems.map((item) => {
        const active = item.href === "/" ? pathname === "/" || pathname.startsWith("/instruments") : pathname.startsWith(item.href);
        return (
          <li key={item.href}>
            <Link
              href={item.href}
              aria-current={active ? "page" : undefined}
              className={`block whitespace-nowrap rounded-md px-2.5 py-1.5 font-medium ${
                active
                  ? "bg-slate-100 text-slate-900 dark:bg-slate-800 dark:text-white"
                  : "text-slate-600 hover:text-slate-900 dark:text-slate-400 dark:hover:text-white"
              }`}
            >
              {item.label}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
