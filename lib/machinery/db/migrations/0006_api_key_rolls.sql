ALTER TABLE "api_keys" ADD COLUMN "previous_hash" text;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "previous_prefix" text;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "previous_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "rolled_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_previous_hash_key" ON "api_keys" USING btree ("previous_hash");