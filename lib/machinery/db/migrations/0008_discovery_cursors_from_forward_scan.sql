-- Cursors of the earlier forward-only scan: it had read each factory from its deployment block up to
-- next_block, so that block becomes the oldest one the backfill still reads (nothing before it is read
-- again), and the next sync starts following the head at the chain's head, filling the blocks between
-- newest first.
UPDATE "vault_discovery_cursors" SET "backfill_last_block" = "next_block", "next_block" = NULL, "backfill_next_block" = NULL;
