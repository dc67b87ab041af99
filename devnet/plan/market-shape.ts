// What the local chain's plan says of each market, every protocol alike (plan/markets.ts lists them).
import type { ProtocolName } from "@/lib/facts/protocols";
import type { AavePoolName } from "./aave";
import type { DevnetToken } from "./tokens";

export interface DevnetMarket {
  protocol: ProtocolName;
  version: number;
  /** The yield token's (aToken, Comet, vault) manifest name. */
  contract: string;
  underlying: DevnetToken["contract"];
  yieldTokenName: string;
  yieldTokenSymbol: string;
  /** Listed in the static catalog; unlisted markets are found by the sync's discovery. */
  inCatalog: boolean;
  /** What a holder's balance is: an aToken's (Aave), a Comet's, or shares of an ERC-4626 vault. */
  kind: "aToken" | "comet" | "vault";
  /** Aave: the pool the reserve belongs to. */
  aavePool?: AavePoolName;
  /** Underlying units supplied by everyone but the demo wallet. */
  supply: string;
  /** Underlying units the demo wallet deposits; "0" for none. */
  demoBalance: string;
}
