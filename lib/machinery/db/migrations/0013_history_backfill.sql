CREATE TABLE "chain_history_state" (
	"chain_id" integer PRIMARY KEY NOT NULL,
	"claimed_at" timestamp with time zone,
	"last_run_at" timestamp with time zone,
	"last_error_at" timestamp with time zone,
	"last_error" text,
	"stopped_reason" text,
	"stopped_at" timestamp with time zone,
	"stopped_block" bigint,
	"stopped_before" timestamp with time zone,
	"rejected_readings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"rpc_calls" bigint DEFAULT 0 NOT NULL,
	"buckets_read" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "history_buckets" (
	"chain_id" integer NOT NULL,
	"interval" text NOT NULL,
	"bucket_start" timestamp with time zone NOT NULL,
	"block_number" bigint NOT NULL,
	"block_time" timestamp with time zone NOT NULL,
	"points" integer NOT NULL,
	"read_at" timestamp with time zone NOT NULL,
	CONSTRAINT "history_buckets_chain_id_interval_bucket_start_pk" PRIMARY KEY("chain_id","interval","bucket_start")
);
--> statement-breakpoint
ALTER TABLE "instrument_snapshots" ADD COLUMN "backfilled" boolean DEFAULT false NOT NULL;