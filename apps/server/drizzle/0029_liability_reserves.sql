CREATE TABLE "liability_reserves" (
	"snapshot_id" bigint NOT NULL,
	"chain_id" integer NOT NULL,
	"network" text NOT NULL,
	"block_number" bigint,
	"treasury_address" text,
	"treasury_usdt" numeric(38, 18),
	"deposit_address" text,
	"deposit_usdt" numeric(38, 18),
	"hot_wallet_address" text,
	"hot_wallet_usdt" numeric(38, 18),
	"reason" text,
	"read_at" timestamp with time zone NOT NULL,
	CONSTRAINT "liability_reserves_snapshot_id_chain_id_pk" PRIMARY KEY("snapshot_id","chain_id"),
	CONSTRAINT "liability_reserves_read" CHECK (("liability_reserves"."block_number" is null) = ("liability_reserves"."reason" is not null))
);
--> statement-breakpoint
ALTER TABLE "liability_reserves" ADD CONSTRAINT "liability_reserves_snapshot_id_liability_snapshots_id_fk" FOREIGN KEY ("snapshot_id") REFERENCES "public"."liability_snapshots"("id") ON DELETE no action ON UPDATE no action;