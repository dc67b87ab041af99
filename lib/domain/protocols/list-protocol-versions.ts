import "server-only";
import { and, asc, eq } from "drizzle-orm";
import type { Environment } from "@/lib/facts/chains";
import type { Db } from "@/lib/machinery/db/client";
import { protocols } from "@/lib/machinery/db/schema";
import { assertChainVisible } from "@/lib/domain/environments";
import { NotFound } from "@/lib/domain/errors";
import { isProtocolName, protocolNames } from "@/lib/facts/protocols";
import type { Protocol } from "@/lib/schemas/protocols";
import { toProtocol } from "./to-protocol";

/** All versions of one protocol on one chain, oldest first. A name or chain without a deployment is a 404. */
export async function listProtocolVersions({ db, environment, name, chainId }: { db: Db; environment: Environment; name: string; chainId: number }) {
  if (!isProtocolName(name)) throw new NotFound(`No protocol named ${name}; supported: ${protocolNames.join(", ")}`);
  if (!assertChainVisible(chainId, environment)) throw new NotFound(`Chain ${chainId} is not supported`);
  const rows = await db
    .select()
    .from(protocols)
    .where(and(eq(protocols.name, name), eq(protocols.chainId, chainId)))
    .orderBy(asc(protocols.version));
  if (rows.length === 0) throw new NotFound(`${name} is not deployed on chain ${chainId}`);
  return rows.map(toProtocol);
}

/** the highest version that is not deprecated; if all are deprecated, the highest. */
export function latestVersionOf(versions: Protocol[]): Protocol {
  const sorted = [...versions].sort((a, b) => b.version - a.version);
  return sorted.find((p) => !p.deprecated) ?? sorted[0]!;
}
