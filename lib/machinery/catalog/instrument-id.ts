import { encodeAbiParameters, keccak256, pad, type Hex } from "viem";

/** marketId: the market's own key, an address left-padded to 32 bytes. */
export const marketIdOf = (marketAddress: Hex): Hex => pad(marketAddress.toLowerCase() as Hex, { size: 32 });

/** instrumentId: keccak256(abi.encode(uint256 chainId, address protocolAddress, bytes32 marketId)). */
export function instrumentIdOf(chainId: number, protocolAddress: Hex, marketId: Hex): Hex {
  return keccak256(
    encodeAbiParameters([{ type: "uint256" }, { type: "address" }, { type: "bytes32" }], [BigInt(chainId), protocolAddress, marketId]),
  );
}
