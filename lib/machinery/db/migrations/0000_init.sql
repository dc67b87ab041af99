CREATE TABLE "api_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account" text NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"prefix" text NOT NULL,
	"hash" text NOT NULL,
	"rate_limit" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"last_used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "chain_sync_state" (
	"chain_id" integer PRIMARY KEY NOT NULL,
	"last_success_at" timestamp with time zone,
	"last_error_at" timestamp with time zone,
	"last_error" text
);
--> statement-breakpoint
CREATE TABLE "dataset_meta" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "instrument_snapshots" (
	"instrument_id" text NOT NULL,
	"interval" text NOT NULL,
	"bucket_start" timestamp with time zone NOT NULL,
	"apy" double precision NOT NULL,
	"tvl" double precision NOT NULL,
	"is_demo" boolean DEFAULT false NOT NULL,
	CONSTRAINT "instrument_snapshots_instrument_id_interval_bucket_start_pk" PRIMARY KEY("instrument_id","interval","bucket_start")
);
--> statement-breakpoint
CREATE TABLE "instruments" (
	"instrument_id" text PRIMARY KEY NOT NULL,
	"protocol_id" uuid NOT NULL,
	"protocol" text NOT NULL,
	"chain_id" integer NOT NULL,
	"environment" text NOT NULL,
	"protocol_address" text NOT NULL,
	"market_id" text NOT NULL,
	"adapter_address" text NOT NULL,
	"token_address" text NOT NULL,
	"token_symbol" text NOT NULL,
	"token_decimals" integer NOT NULL,
	"yield_token_address" text NOT NULL,
	"yield_token_symbol" text NOT NULL,
	"description" text NOT NULL,
	"current_apy" double precision DEFAULT 0 NOT NULL,
	"tvl" double precision DEFAULT 0 NOT NULL,
	"last_synced_at" timestamp with time zone DEFAULT now() NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"is_stablecoin" boolean NOT NULL,
	"asset_category" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "protocols" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"version" integer NOT NULL,
	"display_name" text NOT NULL,
	"chain_id" integer NOT NULL,
	"environment" text NOT NULL,
	"protocol_address" text NOT NULL,
	"icon" text NOT NULL,
	"docs_url" text NOT NULL,
	"deprecated" boolean DEFAULT false NOT NULL,
	"deprecation_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limit_windows" (
	"bucket" text NOT NULL,
	"window_start" bigint NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "rate_limit_windows_bucket_window_start_pk" PRIMARY KEY("bucket","window_start")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"account" text NOT NULL,
	"chain_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "siwe_nonces" (
	"nonce" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "instrument_snapshots" ADD CONSTRAINT "instrument_snapshots_instrument_id_instruments_instrument_id_fk" FOREIGN KEY ("instrument_id") REFERENCES "public"."instruments"("instrument_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instruments" ADD CONSTRAINT "instruments_protocol_id_protocols_id_fk" FOREIGN KEY ("protocol_id") REFERENCES "public"."protocols"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_hash_key" ON "api_keys" USING btree ("hash");--> statement-breakpoint
CREATE INDEX "api_keys_account_idx" ON "api_keys" USING btree ("account","created_at");--> statement-breakpoint
CREATE INDEX "instruments_env_tvl_idx" ON "instruments" USING btree ("environment","tvl","instrument_id");--> statement-breakpoint
CREATE INDEX "instruments_env_apy_idx" ON "instruments" USING btree ("environment","current_apy","instrument_id");--> statement-breakpoint
CREATE INDEX "instruments_env_created_idx" ON "instruments" USING btree ("environment","created_at","instrument_id");--> statement-breakpoint
CREATE INDEX "instruments_chain_tvl_idx" ON "instruments" USING btree ("chain_id","tvl","instrument_id");--> statement-breakpoint
CREATE INDEX "instruments_chain_apy_idx" ON "instruments" USING btree ("chain_id","current_apy","instrument_id");--> statement-breakpoint
CREATE INDEX "instruments_protocol_idx" ON "instruments" USING btree ("environment","protocol","tvl");--> statement-breakpoint
CREATE INDEX "instruments_category_idx" ON "instruments" USING btree ("environment","asset_category","tvl");--> statement-breakpoint
CREATE INDEX "instruments_symbol_idx" ON "instruments" USING btree (lower("token_symbol"));--> statement-breakpoint
CREATE UNIQUE INDEX "protocols_name_version_chain_key" ON "protocols" USING btree ("name","version","chain_id");--> statement-breakpoint
CREATE INDEX "protocols_environment_chain_idx" ON "protocols" USING btree ("environment","chain_id");--> statement-breakpoint
CREATE INDEX "sessions_account_idx" ON "sessions" USING btree ("account");