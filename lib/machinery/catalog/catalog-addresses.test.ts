import { getAddress, zeroAddress, type Hex } from "viem";
import { describe, expect, it } from "vitest";
import * as AaveV3Ethereum from "@aave-dao/aave-address-book/AaveV3Ethereum";
import * as AaveV3EthereumHorizon from "@aave-dao/aave-address-book/AaveV3EthereumHorizon";
import * as ChainlinkArbitrum from "@aave-dao/aave-address-book/ChainlinkArbitrum";
import * as ChainlinkBase from "@aave-dao/aave-address-book/ChainlinkBase";
import * as ChainlinkEthereum from "@aave-dao/aave-address-book/ChainlinkEthereum";
import * as ChainlinkOptimism from "@aave-dao/aave-address-book/ChainlinkOptimism";
import * as ChainlinkPolygon from "@aave-dao/aave-address-book/ChainlinkPolygon";
import { getChainAddresses } from "@morpho-org/morpho-ts";
import { chains } from "@/lib/facts/chains";
import { chainDeployments } from "@/lib/machinery/chain/deployments";
import { LOCAL_CHAIN_ID } from "@/lib/facts/chains";
import { aaveV3Pools } from "./aave";
import { localChainInstruments, localChainProtocols } from "@/lib/machinery/catalog/local-chain";
import { catalogInstruments, catalogProtocols } from "./catalog-data";
import { comets } from "./compound";
import { fTokens } from "./fluid";
import { morphoVaults } from "./morpho";

// Every address the catalog and the sync's deployments hold, with the kind of contract it claims to
// be: checked offline for form (EIP-55, non-zero), for one kind per address on a chain, and against
// the protocols' own packages where they publish the address.

type Kind =
  | "token"
  | "aave pool"
  | "aave v2 pool"
  | "aToken"
  | "aave oracle"
  | "comet"
  | "comptroller"
  | "price feed"
  | "morpho blue"
  | "morpho optimizer"
  | "MetaMorpho vault"
  | "Vault V2"
  | "fluid liquidity"
  | "fToken"
  | "fluid resolver"
  | "comet rewards";

function claims(): { chainId: number; address: string; kind: Kind; where: string }[] {
  const list: { chainId: number; address: string; kind: Kind; where: string }[] = [];
  const add = (chainId: number, address: string | null, kind: Kind, where: string) => {
    if (address !== null) list.push({ chainId, address, kind, where });
  };
  // The local chain's entries are seeded beside the catalog (lib/machinery/db/seed.ts): checked alike.
  for (const i of [...catalogInstruments, ...localChainInstruments]) {
    const where = `${i.chainId} ${i.description}`;
    add(i.chainId, i.tokenAddress, "token", where);
    switch (i.protocol) {
      case "aave":
        add(i.chainId, i.protocolAddress, "aave pool", where);
        add(i.chainId, i.adapterAddress, "aave pool", where);
        add(i.chainId, i.marketAddress, "token", where);
        add(i.chainId, i.yieldTokenAddress, "aToken", where);
        break;
      case "compound":
        for (const a of [i.protocolAddress, i.adapterAddress, i.yieldTokenAddress]) add(i.chainId, a, "comet", where);
        add(i.chainId, i.marketAddress, "token", where);
        break;
      case "morpho":
        add(i.chainId, i.protocolAddress, "morpho blue", where);
        for (const a of [i.marketAddress, i.adapterAddress, i.yieldTokenAddress])
          add(i.chainId, a, i.version === 2 ? "Vault V2" : "MetaMorpho vault", where);
        break;
      case "fluid":
        add(i.chainId, i.protocolAddress, "fluid liquidity", where);
        for (const a of [i.marketAddress, i.adapterAddress, i.yieldTokenAddress]) add(i.chainId, a, "fToken", where);
        break;
    }
  }
  const recordKinds: Record<string, Kind> = {
    "aave:3": "aave pool",
    "aave:2": "aave v2 pool",
    "compound:3": "comet",
    "compound:2": "comptroller",
    "morpho:0": "morpho optimizer",
    "morpho:1": "morpho blue",
    "morpho:2": "morpho blue",
    "fluid:1": "fluid liquidity",
  };
  for (const p of [...catalogProtocols, ...localChainProtocols])
    add(p.chainId, p.protocolAddress, recordKinds[`${p.name}:${p.version}`]!, `${p.chainId} ${p.name} v${p.version} record`);
  for (const [id, d] of Object.entries(chainDeployments)) {
    const chainId = Number(id);
    for (const pool of d.aavePools) {
      add(chainId, pool.pool, "aave pool", `${chainId} Aave ${pool.name} pool`);
      add(chainId, pool.oracle, "aave oracle", `${chainId} Aave ${pool.name} oracle`);
    }
    add(chainId, d.aaveOracle, "aave oracle", `${chainId} core oracle`);
    add(chainId, d.usdReferences.ETH, "token", `${chainId} ETH reference`);
    add(chainId, d.usdReferences.BTC, "token", `${chainId} BTC reference`);
    for (const feed of Object.keys(d.priceFeeds)) add(chainId, getAddress(feed), "price feed", `${chainId} price feed`);
    add(chainId, d.fluidLendingResolver, "fluid resolver", `${chainId} LendingResolver`);
    add(chainId, d.fluidLiquidityResolver, "fluid resolver", `${chainId} LiquidityResolver`);
    add(chainId, d.cometRewards, "comet rewards", `${chainId} CometRewards`);
  }
  for (const c of chains) add(c.id, c.usdcAddress, "token", `${c.name} USDC (lib/facts/chains.ts)`);
  return list;
}

describe("every catalog and deployment address", () => {
  const all = claims();

  it("is a checksummed, non-zero address", () => {
    expect(all.length).toBeGreaterThan(400);
    for (const { address, where } of all) {
      expect(address, where).toMatch(/^0x[0-9a-fA-F]{40}$/);
      expect(getAddress(address), `${where}: not EIP-55 checksummed`).toBe(address);
      expect(address, where).not.toBe(zeroAddress);
    }
  });

  it("is of one kind on its chain (a token is never also a vault, a pool never also an aToken)", () => {
    const kinds = new Map<string, Set<Kind>>();
    for (const { chainId, address, kind } of all) {
      const key = `${chainId}:${address.toLowerCase()}`;
      kinds.set(key, (kinds.get(key) ?? new Set()).add(kind));
    }
    const mixed = [...kinds].filter(([, k]) => k.size > 1).map(([key, k]) => `${key}: ${[...k].join(" and ")}`);
    expect(mixed).toEqual([]);
  });
});

describe("addresses the protocols publish in packages", () => {
  it("Aave: each reserve's Pool, underlying and aToken are the address book's", () => {
    for (const i of catalogInstruments.filter((x) => x.protocol === "aave" && x.chainId !== LOCAL_CHAIN_ID)) {
      const core = aaveV3Pools[i.chainId]![0]!;
      const asset = Object.values(core.assets).find((a) => a.UNDERLYING === i.tokenAddress);
      expect(asset, i.description).toBeDefined();
      expect([i.protocolAddress, i.adapterAddress, i.yieldTokenAddress, i.tokenDecimals], i.description).toEqual([
        core.pool,
        core.pool,
        asset!.A_TOKEN,
        asset!.decimals,
      ]);
    }
  });

  it("Aave: every public v3 pool of Ethereum is read, the permissioned Horizon RWA market is not", () => {
    const ethereum = aaveV3Pools[1]!.map((p) => p.name);
    expect(ethereum).toEqual(["Core", "Prime", "EtherFi"]);
    expect(aaveV3Pools[1]![0]!.pool).toBe(AaveV3Ethereum.POOL);
    expect(Object.values(aaveV3Pools).flat().map((p) => p.pool)).not.toContain(AaveV3EthereumHorizon.POOL);
  });

  it("Morpho: every vault's protocolAddress is the chain's Morpho Blue from @morpho-org/morpho-ts", () => {
    for (const i of catalogInstruments.filter((x) => x.protocol === "morpho" && x.chainId !== LOCAL_CHAIN_ID))
      expect(i.protocolAddress, i.description).toBe(getChainAddresses(i.chainId).morpho);
  });

  it("USDC of each chain (lib/facts/chains.ts, shipped to the browser) is the address book's native USDC", () => {
    const native: Record<number, string> = { 1: "USDC", 8453: "USDC", 42161: "USDCn", 10: "USDCn", 137: "USDCn" };
    for (const [chainId, key] of Object.entries(native))
      expect(chains.find((c) => c.id === Number(chainId))!.usdcAddress).toBe(aaveV3Pools[Number(chainId)]![0]!.assets[key]!.UNDERLYING);
    // Sepolia's is Compound's Sepolia base token (deployments/sepolia/usdc/configuration.json).
    expect(chains.find((c) => c.id === 11155111)!.usdcAddress).toBe(comets.find((c) => c.chainId === 11155111)!.base.address);
  });
});

describe("price units", () => {
  const chainlink: Record<number, Record<string, unknown>> = {
    1: ChainlinkEthereum,
    8453: ChainlinkBase,
    42161: ChainlinkArbitrum,
    10: ChainlinkOptimism,
    137: ChainlinkPolygon,
  };
  const labelOf = (chainId: number, address: string) =>
    Object.entries(chainlink[chainId]!).find(([, v]) => typeof v === "string" && v.toLowerCase() === address.toLowerCase())?.[0];

  it("each chain with a Comet has the CometRewards its roots.json names", () => {
    for (const c of comets) expect(chainDeployments[c.chainId]?.cometRewards, `${c.chainId} ${c.yieldTokenSymbol}`).toMatch(/^0x/);
    expect(chainDeployments[84532]!.cometRewards).toBeNull(); // no Comet on Base Sepolia
  });

  it("each Comet feed's denomination is the quote of the Chainlink feed the address book names it", () => {
    for (const c of comets) {
      if (c.feed === "constant" || !chainlink[c.chainId]) continue;
      // ChainlinkEthereum.WBTC__BTC, ChainlinkBase.USDC__USD, …: the part after "__" is the unit.
      expect(labelOf(c.chainId, c.feed.address)?.split("__")[1], `${c.chainId} ${c.yieldTokenSymbol}`).toBe(c.feed.denomination);
    }
    expect(comets.find((c) => c.chainId === 1 && c.yieldTokenSymbol === "cWBTCv3")!.feed).toEqual({
      address: ChainlinkEthereum.WBTC__BTC,
      denomination: "BTC",
    });
  });

  it("the ETH and BTC references are assets the core Aave oracle prices with Chainlink's ETH/USD and BTC/USD feeds", () => {
    for (const chainId of [1, 8453, 42161, 10, 137]) {
      const core = aaveV3Pools[chainId]![0]!;
      for (const unit of ["ETH", "BTC"] as const) {
        const reference = chainDeployments[chainId]!.usdReferences[unit] as Hex;
        const asset = Object.values(core.assets).find((a) => a.UNDERLYING === reference)!;
        expect(labelOf(chainId, asset.ORACLE), `${chainId} ${unit}`).toMatch(new RegExp(`^(AAVE_SVR_)?${unit}__USD$`));
      }
    }
  });
});

describe("Morpho's vault versions", () => {
  it("files MetaMorpho vaults as version 1 and their Vault V2 successors as version 2", () => {
    const morpho = catalogInstruments.filter((i) => i.protocol === "morpho" && i.chainId !== LOCAL_CHAIN_ID);
    const v1 = morpho.filter((i) => i.version === 1).map((i) => i.marketAddress);
    const v2 = morpho.filter((i) => i.version === 2).map((i) => i.marketAddress);
    expect(v1).toEqual(morphoVaults.map((v) => v.vault));
    expect(v2).toEqual(morphoVaults.flatMap((v) => (v.successor ? [v.successor.vault] : [])));
    expect(v1).toHaveLength(10);
    expect(v2).toHaveLength(9);
    // Listed as a MetaMorpho vault before: it is Gauntlet USDC Prime's Vault V2 (vaults-v1-to-v2-migration.json).
    expect(v2).toContain("0x8c106EEDAd96553e64287A5A6839c3Cc78afA3D0");
  });

  it("lists Fluid's fTokens once per chain", () => {
    expect(new Set(fTokens.map((f) => `${f.chainId}:${f.fToken}`)).size).toBe(fTokens.length);
  });
});
