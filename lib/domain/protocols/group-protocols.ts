import "server-only";
import { chains } from "@/lib/facts/chains";
import { latestVersionOf } from "./list-protocol-versions";
import { protocolFacts, protocolNames, type ProtocolName } from "@/lib/facts/protocols";
import type { Protocol, ProtocolGroup, ProtocolVersionStats } from "@/lib/schemas/protocols";

const blurbs: Record<ProtocolName, string> = {
  aave: "Reserves of the Aave Pool. You supply the token and hold the aToken, whose balance grows with the supply rate.",
  compound:
    "Compound III (Comet) base-asset markets. The Comet itself is the yield token: its balance grows as interest accrues.",
  morpho:
    "ERC-4626 vaults that allocate to Morpho markets (MetaMorpho on Morpho Blue, and Vault V2). You hold the vault share.",
  fluid: "Fluid Lending fTokens, ERC-4626 vaults over Fluid's shared liquidity layer. You hold the fToken.",
};

const zero: ProtocolVersionStats = { instrumentCount: 0, activeCount: 0, tvl: 0, tvlInListedVaults: 0 };
const chainOrder = new Map(chains.map((c, i) => [c.id, i]));

/** Protocol records of one environment grouped per protocol, each version with its stats and latest flag. */
export function groupProtocols(
  protocols: Protocol[],
  stats: Map<string, ProtocolVersionStats>,
): ProtocolGroup[] {
  return protocolNames
    .map((name) => {
      const own = protocols.filter((p) => p.name === name);
      const latestByChain = new Map<number, string>();
      for (const chainId of new Set(own.map((p) => p.chainId))) {
        latestByChain.set(chainId, latestVersionOf(own.filter((p) => p.chainId === chainId)).id);
      }
      const rows = own
        .map((p) => ({
          protocol: p,
          stats: stats.get(p.id) ?? zero,
          isLatest: latestByChain.get(p.chainId) === p.id,
        }))
        .sort(
          (a, b) =>
            (chainOrder.get(a.protocol.chainId) ?? 99) - (chainOrder.get(b.protocol.chainId) ?? 99) ||
            b.protocol.version - a.protocol.version,
        );
      const totals = rows.reduce(
        (t, r) => ({
          instrumentCount: t.instrumentCount + r.stats.instrumentCount,
          activeCount: t.activeCount + r.stats.activeCount,
          tvl: t.tvl + r.stats.tvl,
          tvlInListedVaults: t.tvlInListedVaults + r.stats.tvlInListedVaults,
          chains: t.chains,
        }),
        { ...zero, chains: latestByChain.size },
      );
      return {
        name,
        title: protocolFacts[name].label,
        blurb: blurbs[name],
        docsUrl: own[0]?.docsUrl ?? "",
        rows,
        totals,
      };
    })
    .filter((g) => g.rows.length > 0);
}
