import { getChain } from "@/lib/chains";
import { cn } from "./cn";

const known = new Set([1, 8453, 42161, 10, 137, 11155111, 84532, 31337]);

/**
 * A chain's mark from /icons/chains/<id>.svg. Decorative by default (the chain name is
 * usually printed beside it); pass `label` when the icon stands alone.
 */
export function ChainIcon({
  chainId,
  size = 20,
  label,
  className,
}: {
  chainId: number;
  size?: number;
  label?: string;
  className?: string;
}) {
  const name = getChain(chainId)?.name ?? `Chain ${chainId}`;
  if (!known.has(chainId)) {
    return (
      <span
        role={label ? "img" : undefined}
        aria-label={label}
        aria-hidden={label ? undefined : true}
        style={{ width: size, height: size, fontSize: size * 0.45 }}
        className={cn(
          "inline-flex shrink-0 items-center justify-center rounded-full bg-slate-500 font-bold text-white",
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
      src={`/icons/chains/${chainId}.svg`}
      alt={label ?? ""}
      width={size}
      height={size}
      className={cn("inline-block shrink-0 rounded-full", className)}
    />
  );
}
