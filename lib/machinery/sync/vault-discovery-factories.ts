import "server-only";
/**
 * Morpho's vault factories per chain, whose creation events vault discovery reads, and the events
 * themselves.
 *
 * - MetaMorpho v1.1 and Vault V2 factories and their deployment blocks: Morpho's own registry in the
 *   npm package @morpho-org/morpho-ts (`addressesRegistry[chainId].metaMorphoFactory` /
 *   `.vaultV2Factory`, `deployments[chainId]`; published from morpho-org/sdks packages/morpho-ts).
 *   Its `metaMorphoFactory` is the v1.1 factory: morpho-org/sdks commit
 *   2af87e8f614ce341e0aaf4ec44a4b8cf97a3fe42 "update mainnet/base factory addresses to v1.1
 *   deployments" replaced the v1.0 factory by it.
 * - MetaMorpho v1.0 factory (Ethereum and Base only): morpho-org/sdks
 *   packages/blue-sdk-viem/src/fetch/Vault.ts @ cdff8c458445d4ad7ff596ec316a5a8e8c0a12f3 ("Fallback to
 *   the MetaMorphoV1.0 factory on Ethereum (1) and Base (8453)"); its first block from Morpho's indexer,
 *   morpho-org/ponder-for-morpho-v1 apps/ponder/src/constants.ts @ 5ec41555897ef47836b9e60a5db225a164b0109f
 *   (MetaMorphoFactory startBlock: 18925584 on Ethereum, 13978134 on Base).
 * - Chains without Morpho factories in those sources (Sepolia, Base Sepolia) have no vault discovery.
 * - The local chain's factories: lib/machinery/catalog/local-chain.ts (generated from its plan), read from block 0.
 */
import { addressesRegistry, deployments } from "@morpho-org/morpho-ts";
import { parseAbiItem, type Hex } from "viem";
import { LOCAL_CHAIN_ID } from "@/lib/facts/chains";
import type { VaultFactory, VaultKind } from "@/lib/machinery/catalog/catalog-data";
import { localChainVaultFactories } from "@/lib/machinery/catalog/local-chain";

/** morpho-org/metamorpho src/libraries/EventsLib.sol @ 163eb2ae022629d4c35e598a668a30451af25f44 (same in metamorpho-v1.1 @ 0b3d2f451d6ae3da94a3a08f574f6553024b8944). */
export const createMetaMorphoEvent = parseAbiItem(
  "event CreateMetaMorpho(address indexed metaMorpho, address indexed caller, address initialOwner, uint256 initialTimelock, address indexed asset, string name, string symbol, bytes32 salt)",
);
/** morpho-org/vault-v2 src/interfaces/IVaultV2Factory.sol @ bec4dd8c847525efea95e106b38a70eaabeef65f. */
export const createVaultV2Event = parseAbiItem(
  "event CreateVaultV2(address indexed owner, address indexed asset, bytes32 salt, address indexed newVaultV2)",
);

/** Morpho's protocol version of a vault a factory of this kind created. */
export const morphoVersionOf = (kind: VaultKind) => (kind === "metamorpho" ? 1 : 2);

const metaMorphoV1_0: Record<number, { address: Hex; fromBlock: bigint }> = {
  1: { address: "0xA9c3D3a366466Fa809d1Ae982Fb2c46E5fC41101", fromBlock: 18_925_584n },
  8453: { address: "0xA9c3D3a366466Fa809d1Ae982Fb2c46E5fC41101", fromBlock: 13_978_134n },
};

export function vaultFactoriesOf(chainId: number): VaultFactory[] {
  if (chainId === LOCAL_CHAIN_ID) return localChainVaultFactories.map((f) => ({ ...f, fromBlock: 0n }));
  const registry = (addressesRegistry as Record<number, { metaMorphoFactory?: Hex; vaultV2Factory?: Hex } | undefined>)[chainId];
  const blocks = (deployments as Record<number, { metaMorphoFactory?: bigint; vaultV2Factory?: bigint } | undefined>)[chainId];
  const factories: VaultFactory[] = [];
  const v1_0 = metaMorphoV1_0[chainId];
  if (v1_0) factories.push({ ...v1_0, kind: "metamorpho", release: "MetaMorpho v1.0" });
  if (registry?.metaMorphoFactory && blocks?.metaMorphoFactory !== undefined)
    factories.push({ address: registry.metaMorphoFactory, kind: "metamorpho", release: "MetaMorpho v1.1", fromBlock: blocks.metaMorphoFactory });
  if (registry?.vaultV2Factory && blocks?.vaultV2Factory !== undefined)
    factories.push({ address: registry.vaultV2Factory, kind: "vault-v2", release: "Vault V2", fromBlock: blocks.vaultV2Factory });
  return factories;
}

