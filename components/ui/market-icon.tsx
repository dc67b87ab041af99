import { ChainIcon } from "./chain-icon";
import { cn } from "./cn";
import { ProtocolIcon } from "./protocol-icon";

/** A market's mark: its protocol's icon with its chain's riding on the lower right corner. */
export function MarketIcon({
  protocol,
  chainId,
  size,
  chainSize,
  chainClassName,
}: {
  protocol: string;
  chainId: number;
  size: number;
  chainSize: number;
  /** Extra classes for the chain's badge (e.g. to show it only at some widths). */
  chainClassName?: string;
}) {
  return (
    <span className="relative shrink-0">
      <ProtocolIcon name={protocol} size={size} />
      <ChainIcon
        chainId={chainId}
        size={chainSize}
        className={cn("absolute -bottom-1 -right-1 ring-2 ring-white dark:ring-slate-950", chainClassName)}
      />
    </span>
  );
}
