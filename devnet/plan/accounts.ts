import { keccak256, toHex, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
// The local chain's accounts: Anvil's default ones, from its well-known development mnemonic (they
// never hold real funds). Each deployer is an account of its own, so that one deployment's
// transactions never move another's contract addresses (addresses.ts).

/** Anvil's account 9: deploys and owns the mocks of addresses.ts. */
export const devnetDeployer = {
  address: "0xa0Ee7A142d267C1f36714E4a8F75612F20a79720",
  privateKey: "0x2a871d0798f97d79848a013d4936a73bf4cc922c825d33c1cf7073dff6d409c6",
} as const;

/** Anvil's account 8: deploys Morpho's vault factories and creates their vaults (discovery-vaults.ts). */
export const discoveryDeployer = {
  address: "0x23618e81E3f5cdF7f54C3d65f7FBc0aBf5B21E8f",
  privateKey: "0xdbda1821b80551c9d65939329250298aa3472ba22feea921c0cf5d620ea67b97",
} as const;

/** Anvil's account 1: funded with USDC and a position in every protocol. */
export const devnetDemoWallet = {
  address: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
  privateKey: "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d",
} as const;

/** Holds the rest of each market's supply, so TVL is far larger than the demo wallet's share. */
export const devnetWhale = "0x000000000000000000000000000000000000dEaD" as const;

/**
 * A local account of its own for `role` ("aave deployer", "weth borrower", …): its key is
 * keccak256("yieldgrid devnet <role>"), so its address never changes, and nothing else ever sends
 * from it, so that the contracts it creates land at the same addresses on every fresh chain. The
 * deployment funds it with ETH (deploy/context.ts). Never a key for real funds: it is public.
 */
export function devnetRoleAccount(role: string): { address: Hex; privateKey: Hex } {
  const privateKey = keccak256(toHex(`yieldgrid devnet ${role}`));
  return { address: privateKeyToAccount(privateKey).address, privateKey };
}
