import { AppLink } from "@/components/ui/app-link";
import { YieldgridMark } from "@/components/ui/icons";
import { NavLinks } from "./nav-links";
import { ThemeToggle } from "./theme-toggle";
import { WalletSlot } from "./wallet-slot";

export function SiteHeader() {
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/90 backdrop-blur dark:border-slate-800 dark:bg-slate-950/90">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3 sm:px-6">
        <AppLink href="/" className="flex items-center gap-2 font-semibold tracking-tight">
          <YieldgridMark size={24} className="text-indigo-600 dark:text-indigo-400" />
          Yieldgrid
        </AppLink>
        <nav aria-label="Main" className="order-3 w-full sm:order-none sm:w-auto sm:flex-1">
          <NavLinks />
        </nav>
        <div className="ml-auto flex items-center gap-2">
          <ThemeToggle />
          <WalletSlot />
        </div>
      </div>
    </header>
  );
}
