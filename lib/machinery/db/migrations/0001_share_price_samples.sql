CREATE TABLE "share_price_samples" (
	"instrument_id" text NOT NULL,
	"sampled_at" timestamp with time zone NOT NULL,
	"share_price" numeric(78, 0) NOT NULL,
	CONSTRAINT "share_price_samples_instrument_id_sampled_at_pk" PRIMARY KEY("instrument_id","sampled_at")
);
--> statement-breakpoint
ALTER TABLE "share_price_samples" ADD CONSTRAINT "share_price_samples_instrument_id_instruments_instrument_id_fk" FOREIGN KEY ("instrument_id") REFERENCES "public"."instruments"("instrument_id") ON DELETE cascade ON UPDATE no action;