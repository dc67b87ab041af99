import { ChainLabel } from "@/components/ui/chain-label";
import { getChain } from "@/lib/facts/chains";
import { shortAddress } from "@/components/ui/format";
import { allChainsLabel, type ChainChoice } from "./chain-select";

/**
 * "0x1234…abcd on Base", with a link to the address on the chain's block explorer, or "0x1234…abcd
 * on all live networks".
 */
export function ResultHeading({ address, choice }: { address: string; choice: ChainChoice }) {
  const chain = "chainId" in choice ? getChain(choice.chainId) : undefined;
  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <h2
        id="positions-heading"
        className="flex flex-wrap items-center gap-x-2 gap-y-1 text-lg font-semibold"
      >
        <span className="font-mono text-base" title={address}>
          {shortAddress(address)}
        </span>
        <span className="font-normal text-slate-600 dark:text-slate-400">on</span>
        {"chainId" in choice ? (
          <ChainLabel chainId={choice.chainId} size={18} />
        ) : (
          <span>{allChainsLabel(choice.all).toLowerCase()}</span>
        )}
      </h2>
      {chain?.explorerUrl && (
        <a
          href={`${chain.explorerUrl}/address/${address}`}
          target="_blank"
          rel="noreferrer"
          className="text-sm font-medium text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300"
        >
          View on block explorer<span className="sr-only"> (opens in a new tab)</span> ↗
        </a>
      )}
    </div>
  );
}
