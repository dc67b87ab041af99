ALTER TABLE "instruments" ADD COLUMN "apy_7d" double precision;--> statement-breakpoint
ALTER TABLE "instruments" ADD COLUMN "apy_30d" double precision;--> statement-breakpoint
ALTER TABLE "instruments" ADD COLUMN "apy_change_7d" double precision;--> statement-breakpoint
CREATE INDEX "instrument_snapshots_day_idx" ON "instrument_snapshots" USING btree ("bucket_start","instrument_id") WHERE "instrument_snapshots"."interval" = 'day';--> statement-breakpoint
CREATE INDEX "instruments_env_apy7d_desc_idx" ON "instruments" USING btree ("environment","apy_7d" DESC NULLS LAST,"instrument_id");--> statement-breakpoint
CREATE INDEX "instruments_env_apy7d_asc_idx" ON "instruments" USING btree ("environment","apy_7d","instrument_id");--> statement-breakpoint
CREATE INDEX "instruments_env_apy30d_desc_idx" ON "instruments" USING btree ("environment","apy_30d" DESC NULLS LAST,"instrument_id");--> statement-breakpoint
CREATE INDEX "instruments_env_apy30d_asc_idx" ON "instruments" USING btree ("environment","apy_30d","instrument_id");--> statement-breakpoint
CREATE INDEX "instruments_env_apy_change7d_desc_idx" ON "instruments" USING btree ("environment","apy_change_7d" DESC NULLS LAST,"instrument_id");--> statement-breakpoint
CREATE INDEX "instruments_env_apy_change7d_asc_idx" ON "instruments" USING btree ("environment","apy_change_7d","instrument_id");--> statement-breakpoint
CREATE INDEX "instruments_yield_idx" ON "instruments" USING btree ("instrument_id") WHERE "instruments"."apy_30d" is not null;