ALTER TABLE "instrument_snapshots" ADD COLUMN "apy_reward" double precision;--> statement-breakpoint
ALTER TABLE "instruments" ADD COLUMN "rewards" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "instruments" ADD COLUMN "apy_reward" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "instruments" ADD COLUMN "apy_total" double precision GENERATED ALWAYS AS (current_apy + apy_reward) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "instruments" ADD COLUMN "rewards_complete" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "instruments_env_apy_total_idx" ON "instruments" USING btree ("environment","apy_total","instrument_id");