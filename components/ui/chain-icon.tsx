import { chainName, getChain } from "@/lib/facts/chains";
import { RoundIcon } from "./round-icon";

/** A chain's mark from /icons/chains/<id>.svg (every chain Yieldgrid knows has one). */
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
  return (
    <RoundIcon
      src={getChain(chainId) ? `/icons/chains/${chainId}.svg` : null}
      name={chainName(chainId)}
      size={size}
      label={label}
      className={className}
    />
  );
}
