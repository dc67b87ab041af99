import "server-only";
import { and, asc, eq } from "drizzle-orm";
import type { Environment } from "@/lib/facts/chains";
import type { Db } from "@/lib/machinery/db/client";
import { protocols } from "@/lib/machinery/db/schema";
import { assertChainVisible } from "@/lib/domain/environments";
import { InvalidInput } from "@/lib/domain/errors";
import { toProtocol } from "./to-protocol";

/** Every protocol version of the caller's environment, optionally on one chain. */
export async function listProtocols({ db, environment, chainId }: { db: Db; environment: Environment; chainId?: number }) {
  if (chainId !== undefined && !assertChainVisible(chainId, environment))
    throw new InvalidInput(`chainId ${chainId} is not a supported chain`, [{ path: "chainId", message: "not a supported chain" }]);
  const rows = await db
    .select()
    .from(protocols)
    .where(and(eq(protocols.environment, environment), chainId === undefined ? undefined : eq(protocols.chainId, chainId)))
    .orderBy(asc(protocols.name), asc(protocols.chainId), asc(protocols.version));
  return rows.map(toProtocol);
}
