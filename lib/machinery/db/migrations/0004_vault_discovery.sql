CREATE TABLE "discovered_vaults" (
	"chain_id" integer NOT NULL,
	"address" text NOT NULL,
	"factory" text NOT NULL,
	"kind" text NOT NULL,
	"asset" text NOT NULL,
	"created_block" bigint NOT NULL,
	"discovered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"instrument_id" text,
	"listed_by" text,
	"tvl_usd" double precision,
	"checked_at" timestamp with time zone,
	"below_floor_since" timestamp with time zone,
	"delisted" boolean DEFAULT false NOT NULL,
	CONSTRAINT "discovered_vaults_chain_id_address_pk" PRIMARY KEY("chain_id","address")
);
--> statement-breakpoint
CREATE TABLE "vault_discovery_cursors" (
	"chain_id" integer NOT NULL,
	"factory" text NOT NULL,
	"next_block" bigint NOT NULL,
	"block_range" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vault_discovery_cursors_chain_id_factory_pk" PRIMARY KEY("chain_id","factory")
);
--> statement-breakpoint
ALTER TABLE "discovered_vaults" ADD CONSTRAINT "discovered_vaults_instrument_id_instruments_instrument_id_fk" FOREIGN KEY ("instrument_id") REFERENCES "public"."instruments"("instrument_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "discovered_vaults_instrument_idx" ON "discovered_vaults" USING btree ("instrument_id");