// The protocols Yieldgrid covers, written once: their names (the API's `protocol` / `name` values),
// labels and icons. Imports nothing, so the database schema, the catalog, the zod schemas, the seed
// and client components all read this one table. What each version is called, documented and why it
// is deprecated is in protocol-versions.ts, apart: the browser never needs it (the API sends it), and
// every client module that names a protocol would otherwise carry those sentences.

export const protocolNames = ["aave", "compound", "morpho", "fluid"] as const;
export type ProtocolName = (typeof protocolNames)[number];

export interface ProtocolFacts {
  /** The protocol without its version, e.g. "Morpho". */
  label: string;
  /** The record's `icon`: the mark is /icons/protocols/<icon>.svg. */
  icon: string;
}

export const protocolFacts = {
  aave: { label: "Aave", icon: "aave" },
  compound: { label: "Compound", icon: "compound" },
  morpho: { label: "Morpho", icon: "morpho" },
  fluid: { label: "Fluid", icon: "fluid" },
} as const satisfies Record<ProtocolName, ProtocolFacts>;

export const isProtocolName = (value: string): value is ProtocolName => Object.hasOwn(protocolFacts, value);

/** "Morpho"; a name Yieldgrid does not know is shown as it is. */
export const protocolLabel = (name: string): string =>
  isProtocolName(name) ? protocolFacts[name].label : name;
