import { CodeBlock } from "@/components/ui/code-block";
import { getChain } from "@/lib/facts/chains";
import type { Instrument } from "@/lib/schemas/instruments";

/** One call behind the figures, as the page shows it: what it answers and the commands that repeat it. */
export interface CheckCall {
  purpose: string;
  signature: string;
  cast: string;
  jsonRpc: string | null;
}

/**
 * "As of block N": the block the figures were read at, linked on the chain's explorer, and the exact
 * calls (eth_call at that block) anyone can repeat against their own node to check them.
 */
export function OnChainCheck({ instrument: i, calls }: { instrument: Instrument; calls: CheckCall[] }) {
  if (i.asOfBlock === null) return null;
  const explorer = getChain(i.chainId)?.explorerUrl;
  const block = i.asOfBlock.toLocaleString("en-US");
  return (
    <section aria-labelledby="on-chain-check" className="mt-8" data-testid="on-chain-check">
      <h2 id="on-chain-check" className="text-lg font-semibold">
        Check it on chain
      </h2>
      <p className="mt-1 max-w-3xl text-sm text-slate-700 dark:text-slate-300">
        The APY and TVL above are as of block{" "}
        {explorer ? (
          <a
            href={`${explorer}/block/${i.asOfBlock}`}
            className="font-medium text-indigo-700 underline underline-offset-2 dark:text-indigo-300"
            rel="noopener noreferrer"
            target="_blank"
          >
            {block}
          </a>
        ) : (
          <span className="font-medium">{block}</span>
        )}
        {i.asOfTime && (
          <>
            {" "}
            (<time dateTime={i.asOfTime}>{new Date(i.asOfTime).toUTCString()}</time>)
          </>
        )}
        : every figure of this chain&apos;s sync was read at that one block. Repeat these calls against your own
        node (set <code className="font-mono text-[13px]">RPC_URL</code>) to get the same numbers.
      </p>
      <ol className="mt-4 max-w-4xl space-y-4">
        {calls.map((call) => (
          <li key={call.signature} className="space-y-2">
            <p className="text-sm">
              <code className="font-mono text-[13px] font-medium">{call.signature}</code>:{" "}
              <span className="text-slate-700 dark:text-slate-300">{call.purpose}</span>
            </p>
            <CodeBlock code={call.cast} label="cast (Foundry)" copyLabel={`Copy the cast command for ${call.signature}`} />
            {call.jsonRpc && (
              <CodeBlock code={call.jsonRpc} label="JSON-RPC eth_call" copyLabel={`Copy the eth_call for ${call.signature}`} />
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
