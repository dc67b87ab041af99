import "server-only";
import type { protocols } from "@/lib/machinery/db/schema";
import type { Protocol } from "@/lib/schemas/protocols";

export type ProtocolRow = typeof protocols.$inferSelect;

export const toProtocol = (row: ProtocolRow): Protocol => ({
  id: row.id,
  name: row.name,
  version: row.version,
  displayName: row.displayName,
  chainId: row.chainId,
  protocolAddress: row.protocolAddress,
  icon: row.icon,
  docsUrl: row.docsUrl,
  deprecated: row.deprecated,
  deprecationReason: row.deprecated ? row.deprecationReason : null,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});
