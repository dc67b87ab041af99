import { CopyTextButton } from "@/components/ui/copy-text-button";
import { shortAddress } from "@/components/ui/format";
import { ExternalLinkIcon } from "@/components/ui/icons";
import { chainName, getChain } from "@/lib/facts/chains";

/**
 * A full address or id in monospace (wrapping anywhere, so 375 px screens never scroll), a copy
 * button, and for addresses a link to the chain's block explorer when the chain has one.
 */
export function AddressValue({
  value,
  name,
  chainId,
  kind = "address",
  short = false,
}: {
  value: string;
  /** What it is, for the accessible names: "token address", "market id". */
  name: string;
  chainId: number;
  kind?: "address" | "id";
  /** Show 0x1234…abcd (the full value is still what is copied and linked). */
  short?: boolean;
}) {
  const explorer = kind === "address" ? getChain(chainId)?.explorerUrl : null;
  return (
    <div className="flex min-w-0 items-start gap-1">
      <code
        title={short ? value : undefined}
        className="min-w-0 break-all py-1 font-mono text-[13px] leading-5 text-slate-800 sm:py-0 sm:leading-7 dark:text-slate-200"
      >
        {short ? shortAddress(value) : value}
      </code>
      <span className="flex shrink-0 items-center">
        <CopyTextButton text={value} label={`Copy ${name}`} />
        {explorer && (
          <a
            href={`${explorer}/address/${value}`}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`View ${name} on the ${chainName(chainId)} block explorer (opens in a new tab)`}
            title={`View on ${new URL(explorer).hostname}`}
            className="inline-flex h-7 items-center rounded-md px-1.5 text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-white"
            data-explorer-link
          >
            <ExternalLinkIcon />
          </a>
        )}
      </span>
    </div>
  );
}
