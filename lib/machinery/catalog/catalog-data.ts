/**
 * The catalog of real on-chain lending deployments Yieldgrid lists from the start (discovery adds
 * more on chain). Every address comes from a public source, named where it is written down: read
 * from the protocols' own packages where they publish them (the Aave address book for Aave and for
 * the underlying tokens it lists, @morpho-org/morpho-ts for Morpho Blue), from their repositories'
 * deployment files otherwise (Compound's comet, Morpho's api-metadata listings, Fluid's deployments).
 * catalog-addresses.test.ts checks each address's form and kind. Server code only.
 *
 * typicalTvlUsd / typicalApyPercent are order-of-magnitude figures for generated demo metrics only;
 * they are not live data.
 */

import { aaveInstruments, aaveProtocols } from "./aave";
import { compoundInstruments, compoundProtocols } from "./compound";
import { fluidInstruments, fluidProtocols } from "./fluid";
import { morphoInstruments, morphoProtocols } from "./morpho";
import type { CatalogInstrument, CatalogProtocol } from "./catalog-types";

export type * from "./catalog-types";

export const catalogProtocols: readonly CatalogProtocol[] = [
  ...aaveProtocols,
  ...compoundProtocols,
  ...morphoProtocols,
  ...fluidProtocols,
];

export const catalogInstruments: readonly CatalogInstrument[] = [
  ...aaveInstruments,
  ...compoundInstruments,
  ...morphoInstruments,
  ...fluidInstruments,
];
