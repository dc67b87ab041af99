import { cn } from "./cn";

/**
 * A small round mark: the SVG at `src`, or the name's initial on grey when there is none.
 * Decorative by default (the name is usually printed beside it); pass `label` when it stands alone.
 */
export function RoundIcon({
  src,
  name,
  size,
  label,
  className,
}: {
  src: string | null;
  name: string;
  size: number;
  label?: string;
  className?: string;
}) {
  if (!src) {
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
      src={src}
      alt={label ?? ""}
      width={size}
      height={size}
      className={cn("inline-block shrink-0 rounded-full", className)}
    />
  );
}
