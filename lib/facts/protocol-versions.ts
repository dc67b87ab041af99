// Every version of each protocol Yieldgrid has records of: its label (the record's displayName),
// documentation and, for a deprecated one, why (a version is deprecated on every chain
// or on none). Read by the seed, vault discovery and the catalog; the browser gets these from the API.
import { protocolFacts, type ProtocolName } from "./protocols";

export interface ProtocolVersionFacts {
  /** The protocol record's displayName, e.g. "Morpho V1". */
  label: string;
  docsUrl: string;
  /** Why the version is deprecated, in one sentence; null for a supported version. */
  deprecationReason: string | null;
}

export const protocolVersions = {
  aave: {
    2: {
      label: "Aave V2",
      docsUrl: "https://docs.aave.com/developers/v/2.0",
      deprecationReason:
        "Aave V2 is superseded by Aave V3 and its markets are frozen or being wound down by governance; Yieldgrid lists no market of it.",
    },
    3: { label: "Aave V3", docsUrl: "https://aave.com/docs", deprecationReason: null },
  },
  compound: {
    2: {
      label: "Compound V2",
      docsUrl: "https://docs.compound.finance/v2/",
      deprecationReason:
        "Compound V2 (cTokens) is superseded by Compound III (Comet) and governance has been deprecating its markets; Yieldgrid lists no market of it.",
    },
    3: { label: "Compound V3", docsUrl: "https://docs.compound.finance/", deprecationReason: null },
  },
  morpho: {
    // The Morpho Optimizers, peer-to-peer layers on Aave and Compound.
    0: {
      label: "Morpho V0",
      docsUrl: "https://docs.morpho.org/",
      deprecationReason:
        "The Morpho Optimizers (peer-to-peer layers on top of Aave and Compound) are superseded by Morpho Blue and MetaMorpho vaults and no longer accept new deposits.",
    },
    // MetaMorpho vaults on Morpho Blue.
    1: { label: "Morpho V1", docsUrl: "https://docs.morpho.org/", deprecationReason: null },
    // Vault V2.
    2: { label: "Morpho V2", docsUrl: "https://docs.morpho.org/", deprecationReason: null },
  },
  fluid: {
    1: { label: "Fluid V1", docsUrl: "https://docs.fluid.instadapp.io/", deprecationReason: null },
  },
} as const satisfies Record<ProtocolName, Readonly<Record<number, ProtocolVersionFacts>>>;

/** The table's facts about one version; throws for a version it does not list (a catalog mistake). */
export function protocolVersionFacts(name: ProtocolName, version: number): ProtocolVersionFacts {
  const facts = (protocolVersions[name] as Readonly<Record<number, ProtocolVersionFacts>>)[version];
  if (!facts) throw new Error(`lib/facts/protocol-versions.ts lists no ${name} version ${version}`);
  return facts;
}

/** The columns of a protocol record that follow from its name and version alone. */
export function protocolRecordFacts(name: ProtocolName, version: number) {
  const facts = protocolVersionFacts(name, version);
  return {
    displayName: facts.label,
    icon: protocolFacts[name].icon,
    docsUrl: facts.docsUrl,
    deprecated: facts.deprecationReason !== null,
    deprecationReason: facts.deprecationReason,
  };
}
