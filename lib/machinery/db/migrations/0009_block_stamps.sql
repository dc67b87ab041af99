ALTER TABLE "chain_sync_state" ADD COLUMN "last_block" bigint;--> statement-breakpoint
ALTER TABLE "chain_sync_state" ADD COLUMN "last_block_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "chain_sync_state" ADD COLUMN "failed_syncs" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "chain_sync_state" ADD COLUMN "rejected_readings" jsonb;--> statement-breakpoint
ALTER TABLE "instrument_snapshots" ADD COLUMN "block_number" bigint;--> statement-breakpoint
ALTER TABLE "instruments" ADD COLUMN "as_of_block" bigint;--> statement-breakpoint
ALTER TABLE "instruments" ADD COLUMN "as_of_time" timestamp with time zone;