import { cn } from "./cn";

const known = new Set(["aave", "compound", "morpho", "fluid"]);

/**
 * A protocol's mark from /icons/protocols/<name>.svg. Decorative by default (the name is
 * usually printed beside it); pass `label` when the icon stands alone.
 */
export function ProtocolIcon({
  name,
  size = 20,
  label,
  className,
}: {
  name: string;
  size?: number;
  label?: string;
  className?: string;
}) {
  if (!known.has(name)) {
    return (
      <span
        role={label ? "img" : undefined}
        aria-label={label}
        aria-hidden={label ? undefined : true}
        style={{ width: size, height: size, fontSize: size * 0.45 }}
        className={cn(
          "inline-flex shrink-0 items-center justify-center rounded-full bg-slate-500 font-bold uppercase text-white",
          className,
        )}
      >
        {name.slice(0, 1)}
      </span>
    );
  }
  return (
    // Tiny static SVGs: next/image would add client JS and gain nothing.
    // eslint-disable-next-line @next/next/no-img-element
    <img
      src={`/icons/protocols/${name}.svg`}
      alt={label ?? ""}
      width={size}
      height={size}
      className={cn("inline-block shrink-0 rounded-full", className)}
    />
  );
}
