ALTER TABLE "vault_discovery_cursors" ALTER COLUMN "next_block" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "vault_discovery_cursors" ADD COLUMN "backfill_next_block" bigint;--> statement-breakpoint
ALTER TABLE "vault_discovery_cursors" ADD COLUMN "backfill_last_block" bigint;