import "server-only";
import { eq } from "drizzle-orm";
import type { Environment } from "@/lib/facts/chains";
import type { Db } from "@/lib/machinery/db/client";
import { protocols } from "@/lib/machinery/db/schema";
import { assertRecordVisible } from "@/lib/domain/environments";
import { NotFound } from "@/lib/domain/errors";
import { toProtocol } from "./to-protocol";

export async function getProtocolOrThrow({ db, environment, id }: { db: Db; environment: Environment; id: string }) {
  const [row] = await db.select().from(protocols).where(eq(protocols.id, id));
  if (!row) throw new NotFound(`No protocol ${id}`);
  assertRecordVisible(row, environment, `Protocol ${id}`);
  return toProtocol(row);
}
