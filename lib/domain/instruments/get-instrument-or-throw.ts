import "server-only";
import { eq } from "drizzle-orm";
import type { Environment } from "@/lib/facts/chains";
import type { Db } from "@/lib/machinery/db/client";
import { instruments, protocols } from "@/lib/machinery/db/schema";
import { assertRecordVisible } from "@/lib/domain/environments";
import { NotFound } from "@/lib/domain/errors";
import { toInstrument } from "./to-instrument";
import { ensureYieldWindow } from "./yield-windows";

/** An instrument's row and its protocol's, whatever its environment; null when there is none. */
export async function findInstrumentRow({ db, instrumentId }: { db: Db; instrumentId: string }) {
  const [row] = await db
    .select({ instrument: instruments, protocol: protocols })
    .from(instruments)
    .innerJoin(protocols, eq(protocols.id, instruments.protocolId))
    .where(eq(instruments.instrumentId, instrumentId));
  return row ?? null;
}

/** The row as findInstrumentRow reads it, its yield figures (apy7d, apy30d, apyChange7d) exact for `now`. */
export async function findInstrumentRowAt({ db, instrumentId, now }: { db: Db; instrumentId: string; now: Date }) {
  await ensureYieldWindow(db, now);
  return findInstrumentRow({ db, instrumentId });
}

export async function getInstrumentRowOrThrow({ db, environment, instrumentId }: { db: Db; environment: Environment; instrumentId: string }) {
  const row = await findInstrumentRow({ db, instrumentId });
  if (!row) throw new NotFound(`No instrument ${instrumentId}`);
  assertRecordVisible(row.instrument, environment, `Instrument ${instrumentId}`);
  return row;
}

export async function getInstrumentOrThrow(input: { db: Db; environment: Environment; instrumentId: string; origin: string; now: Date }) {
  await ensureYieldWindow(input.db, input.now);
  const row = await getInstrumentRowOrThrow(input);
  return toInstrument(row.instrument, row.protocol, input.origin);
}
