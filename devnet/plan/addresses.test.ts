import { getAddress, getContractAddress, isAddress } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { describe, expect, it } from "vitest";
import { getChain, LOCAL_CHAIN_ID } from "@/lib/facts/chains";
import { LOCAL_CHAIN_USDC } from "@/lib/facts/local-chain";
import { localChainVaultFactories } from "@/lib/machinery/catalog/local-chain";
import { AAVE_DEPLOYER, AAVE_SUPPLIER } from "./aave";
import { compoundRoles } from "./compound";
import { devnetDemoWallet, devnetDeployer, devnetRoleAccount, discoveryDeployer } from "./accounts";
import { MORPHO_BLUE_ADDRESS, devnetAddresses } from "./addresses";
import { discoveryAddresses, discoveryFactoryContracts } from "./discovery-vaults";
import { morphoContracts, morphoRoles } from "./morpho";

// What the local chain's plan says of addresses without deploying anything. The manifest's own
// addresses (devnet/generated/local-chain-manifest.ts) are checked by every deployment
// (deploy/deploy-devnet.ts), which fails when a contract lands elsewhere.

describe("the local chain's plan", () => {
  it("gives each account the address of its private key", () => {
    for (const account of [devnetDeployer, discoveryDeployer, devnetDemoWallet])
      expect(privateKeyToAccount(account.privateKey).address).toBe(account.address);
    // A role's account is its key's too, and two roles never share one.
    const roles = [
      ...Object.values(morphoRoles),
      AAVE_DEPLOYER,
      AAVE_SUPPLIER,
      compoundRoles.deployer,
      compoundRoles.governor,
      compoundRoles.supplier,
    ];
    const accounts = roles.map(devnetRoleAccount);
    for (const account of accounts)
      expect(privateKeyToAccount(account.privateKey).address).toBe(account.address);
    expect(new Set(accounts.map((a) => a.address)).size).toBe(roles.length);
  });

  it("places Morpho's factories where plan/discovery-vaults.ts computes them: the Morpho deployment's in the manifest, the discovery deployer's first creations", () => {
    const morphoDeployer = devnetRoleAccount(morphoRoles.deployer).address;
    // The Morpho deployer's third and fourth creations (protocols/morpho/deploy.ts createSingletons), as the manifest recorded them.
    expect(discoveryAddresses.metaMorphoFactoryV1_1).toBe(
      getContractAddress({ from: morphoDeployer, nonce: 2n }),
    );
    expect(discoveryAddresses.metaMorphoFactoryV1_1).toBe(devnetAddresses[morphoContracts.metaMorphoFactory]);
    expect(discoveryAddresses.vaultV2Factory).toBe(getContractAddress({ from: morphoDeployer, nonce: 3n }));
    expect(discoveryAddresses.vaultV2Factory).toBe(devnetAddresses[morphoContracts.vaultV2Factory]);
    expect(discoveryFactoryContracts).toMatchObject({
      metaMorphoFactoryV1_1: morphoContracts.metaMorphoFactory,
      vaultV2Factory: morphoContracts.vaultV2Factory,
    });
    // The discovery deployer's first three creations (deploy/discovery.ts), none of them in the main manifest.
    expect([
      discoveryAddresses.metaMorphoFactoryV1_0,
      discoveryAddresses.strayFactory,
      discoveryAddresses.uncoveredToken,
    ]).toEqual([0n, 1n, 2n].map((nonce) => getContractAddress({ from: discoveryDeployer.address, nonce })));
    const manifest = new Set(Object.values(devnetAddresses));
    for (const key of ["metaMorphoFactoryV1_0", "strayFactory", "uncoveredToken"] as const)
      expect(manifest.has(discoveryAddresses[key]), key).toBe(false);
  });

  it("reads Morpho's three factories, never the stray one, in the local chain's catalog", () => {
    expect(localChainVaultFactories.map((f) => [f.address, f.kind, f.release])).toEqual([
      [discoveryAddresses.metaMorphoFactoryV1_0, "metamorpho", "MetaMorpho v1.0"],
      [discoveryAddresses.metaMorphoFactoryV1_1, "metamorpho", "MetaMorpho v1.1"],
      [discoveryAddresses.vaultV2Factory, "vault-v2", "Vault V2"],
    ]);
  });

  it("makes the manifest's USDC chain 31337's USDC", () => {
    expect(getChain(LOCAL_CHAIN_ID)?.usdcAddress).toBe(devnetAddresses.usdc);
    expect(LOCAL_CHAIN_USDC).toBe(devnetAddresses.usdc);
  });

  it("has a checksummed address of its own for every contract of the manifest; Morpho Blue at its canonical address", () => {
    const entries = Object.entries(devnetAddresses);
    for (const [name, address] of entries) {
      expect(isAddress(address, { strict: true }), name).toBe(true);
      expect(getAddress(address), name).toBe(address);
    }
    expect(new Set(entries.map(([, address]) => address.toLowerCase())).size).toBe(entries.length);
    expect(devnetAddresses[morphoContracts.morphoBlue]).toBe(MORPHO_BLUE_ADDRESS);
  });
});
