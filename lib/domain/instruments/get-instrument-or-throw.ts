import { eq } from "drizzle-orm";
import type { Environment } from "@/lib/facts/chains";
import type { Db } from "@/lib/machinery/db/client";
import { instruments, protocols } from "@/lib/machinery/db/schema";
import { assertRecordVisible } from "@/lib/domain/environments";
import { notFound } from "@/lib/api/http/errors";
import { toInstrument } from "./to-instrument";

/** An instrument's row and its protocol's, whatever its environment; null when there is none. */
export async function findInstrumentRow({ db, instrumentId }: { db: Db; instrumentId: string }) {
  const [row] = await db
    .select({ instrument: instruments, protocol: protocols })
    .from(instruments)
    .innerJoin(protocols, eq(protocols.id, instruments.protocolId))
    .where(eq(instruments.instrumentId, instrumentId));
  return row ?? null;
}

export async function getInstrumentRowOrThrow({ db, environment, instrumentId }: { db: Db; environment: Environment; instrumentId: string }) {
  const row = await findInstrumentRow({ db, instrumentId });
  if (!row) throw notFound(`No instrument ${instrumentId}`);
  assertRecordVisible(row.instrument, environment, `Instrument ${instrumentId}`);
  return row;
}

export async function getInstrumentOrThrow(input: { db: Db; environment: Environment; instrumentId: string; origin: string }) {
  const row = await getInstrumentRowOrThrow(input);
  return toInstrument(row.instrument, row.protocol, input.origin);
}
