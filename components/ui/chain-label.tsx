import { chainName } from "@/lib/facts/chains";
import { ChainIcon } from "./chain-icon";
import { cn } from "./cn";

/** A chain's mark and name, as tables, headings and sentences show a chain. */
export function ChainLabel({
  chainId,
  size = 20,
  className,
}: {
  chainId: number;
  size?: number;
  className?: string;
}) {
  return (
    // Centred on the line like plain text (an inline box's baseline would be the mark's bottom).
    // Small marks sit in running text, closer to their name.
    <span className={cn("inline-flex items-center align-middle", size < 18 ? "gap-1" : "gap-2", className)}>
      <ChainIcon chainId={chainId} size={size} />
      {chainName(chainId)}
    </span>
  );
}
