// The protocols Yieldgrid covers, written once: their names (the API's `protocol` / `name` values),
// labels, versions and where their documentation is. Imports nothing, so the database schema, the
// catalog, the zod schemas, the seed and client components all read this one table.

export const protocolNames = ["aave", "compound", "morpho", "fluid"] as const;
export type ProtocolName = (typeof protocolNames)[number];

export interface ProtocolVersionFacts {
  /** The protocol record's displayName, e.g. "Morpho V1". */
  label: string;
  docsUrl: string;
  /** Decisions D1: why the version is deprecated, in one sentence; null for a supported version. */
  deprecationReason: string | null;
}

export interface ProtocolFacts {
  /** The protocol without its version, e.g. "Morpho". */
  label: string;
  /** The record's `icon`: the mark is /icons/protocols/<icon>.svg. */
  icon: string;
  /** Every version Yieldgrid has records of, by version number. */
  versions: Readonly<Record<number, ProtocolVersionFacts>>;
}

export const protocolFacts = {
  aave: {
    label: "Aave",
    icon: "aave",
    versions: {
      2: {
        label: "Aave V2",
        docsUrl: "https://docs.aave.com/developers/v/2.0",
        deprecationReason:
          "Aave V2 is superseded by Aave V3 and its markets are frozen or being wound down by governance, so only existing positions are read.",
      },
      3: { label: "Aave V3", docsUrl: "https://aave.com/docs", deprecationReason: null },
    },
  },
  compound: {
    label: "Compound",
    icon: "compound",
    versions: {
      2: {
        label: "Compound V2",
        docsUrl: "https://docs.compound.finance/v2/",
        deprecationReason:
          "Compound V2 (cTokens) is superseded by Compound III (Comet) and governance has been deprecating its markets, so only existing positions are read.",
      },
      3: { label: "Compound V3", docsUrl: "https://docs.compound.finance/", deprecationReason: null },
    },
  },
  morpho: {
    label: "Morpho",
    icon: "morpho",
    versions: {
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
  },
  fluid: {
    label: "Fluid",
    icon: "fluid",
    versions: {
      1: { label: "Fluid V1", docsUrl: "https://docs.fluid.instadapp.io/", deprecationReason: null },
    },
  },
} as const satisfies Record<ProtocolName, ProtocolFacts>;

export const isProtocolName = (value: string): value is ProtocolName => Object.hasOwn(protocolFacts, value);

/** "Morpho"; a name Yieldgrid does not know is shown as it is. */
export const protocolLabel = (name: string): string =>
  isProtocolName(name) ? protocolFacts[name].label : name;

/** The table's facts about one version; throws for a version it does not list (a catalog mistake). */
export function protocolVersionFacts(name: ProtocolName, version: number): ProtocolVersionFacts {
  const facts = (protocolFacts[name].versions as Readonly<Record<number, ProtocolVersionFacts>>)[version];
  if (!facts) throw new Error(`lib/domain/protocols.ts lists no ${name} version ${version}`);
  return facts;
}

/**
 * The columns of a protocol record that follow from its name and version alone (decisions D1: a
 * version is deprecated on every chain or on none), as the seed and vault discovery write them.
 */
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
