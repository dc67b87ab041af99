import { AppLink } from "@/components/ui/app-link";
import { buttonClasses } from "@/components/ui/button";

export default function InstrumentNotFound() {
  return (
    <div className="mx-auto max-w-xl py-16 text-center">
      <p className="text-sm font-semibold text-indigo-700 dark:text-indigo-300">404</p>
      <h1 className="mt-2 text-2xl font-semibold tracking-tight sm:text-3xl">Instrument not found</h1>
      <p className="mt-3 text-slate-700 dark:text-slate-300">
        There is no instrument with this id. An instrument id is 0x followed by 64 hexadecimal digits, as
        listed in the explorer and returned by the API.
      </p>
      <div className="mt-6 flex justify-center gap-3">
        <AppLink href="/" className={buttonClasses({ variant: "primary" })}>
          Browse instruments
        </AppLink>
        <AppLink href="/protocols" className={buttonClasses()}>
          Protocols
        </AppLink>
      </div>
    </div>
  );
}
