ALTER TABLE "instruments" ADD COLUMN "price_usd" double precision;--> statement-breakpoint
ALTER TABLE "instruments" ADD COLUMN "tvl_in_listed_vaults" double precision DEFAULT 0 NOT NULL;