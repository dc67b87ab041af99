ALTER TABLE "instruments" ADD COLUMN "available_liquidity_usd" double precision;--> statement-breakpoint
ALTER TABLE "instruments" ADD COLUMN "utilization" double precision;