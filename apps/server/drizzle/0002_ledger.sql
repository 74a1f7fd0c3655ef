CREATE TABLE "assets" (
	"code" text PRIMARY KEY NOT NULL,
	"decimals" smallint NOT NULL,
	"sort_order" smallint DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assets_decimals_range" CHECK ("assets"."decimals" between 0 and 18)
);
--> statement-breakpoint
CREATE TABLE "exchange_pairs" (
	"from_asset" text NOT NULL,
	"to_asset" text NOT NULL,
	"fee_rate" numeric(38, 18) NOT NULL,
	"min_amount" numeric(38, 18) NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	CONSTRAINT "exchange_pairs_fee_rate_range" CHECK ("exchange_pairs"."fee_rate" >= 0 and "exchange_pairs"."fee_rate" < 1)
);
--> statement-breakpoint
CREATE TABLE "financial_records" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "financial_records_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"member_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"request_id" uuid,
	"asset" text NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"to_asset" text,
	"to_amount" numeric(38, 18),
	"fee" numeric(38, 18),
	"rate" numeric(38, 18),
	"fee_rate" numeric(38, 18),
	"reference" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kpc_prices" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "kpc_prices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"price" numeric(38, 18) NOT NULL,
	"effective_at" timestamp with time zone DEFAULT now() NOT NULL,
	"source" text DEFAULT 'operator' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "kpc_prices_positive" CHECK ("kpc_prices"."price" > 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_accounts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_accounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"member_id" uuid,
	"house_account" text,
	"asset" text NOT NULL,
	"bucket" text,
	"balance" numeric(38, 18),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_accounts_owner" CHECK (("ledger_accounts"."member_id" is not null and "ledger_accounts"."bucket" is not null and "ledger_accounts"."balance" is not null and "ledger_accounts"."house_account" is null)
        or ("ledger_accounts"."member_id" is null and "ledger_accounts"."bucket" is null and "ledger_accounts"."balance" is null and "ledger_accounts"."house_account" is not null)),
	CONSTRAINT "ledger_accounts_balance_non_negative" CHECK ("ledger_accounts"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"type" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"member_id" uuid,
	"reference" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_postings" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_postings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"entry_id" bigint NOT NULL,
	"account_id" bigint NOT NULL,
	"asset" text NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"balance_after" numeric(38, 18),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_postings_amount_non_zero" CHECK ("ledger_postings"."amount" <> 0)
);
--> statement-breakpoint
ALTER TABLE "exchange_pairs" ADD CONSTRAINT "exchange_pairs_from_asset_assets_code_fk" FOREIGN KEY ("from_asset") REFERENCES "public"."assets"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_pairs" ADD CONSTRAINT "exchange_pairs_to_asset_assets_code_fk" FOREIGN KEY ("to_asset") REFERENCES "public"."assets"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_asset_assets_code_fk" FOREIGN KEY ("asset") REFERENCES "public"."assets"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "exchange_pairs_key" ON "exchange_pairs" USING btree ("from_asset","to_asset");--> statement-breakpoint
CREATE INDEX "financial_records_member_idx" ON "financial_records" USING btree ("member_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "financial_records_request_key" ON "financial_records" USING btree ("member_id","request_id");--> statement-breakpoint
CREATE INDEX "kpc_prices_effective_idx" ON "kpc_prices" USING btree ("effective_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_member_key" ON "ledger_accounts" USING btree ("member_id","asset","bucket");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_house_key" ON "ledger_accounts" USING btree ("house_account","asset");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_idempotency_key" ON "ledger_entries" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "ledger_postings_account_idx" ON "ledger_postings" USING btree ("account_id","id");--> statement-breakpoint
CREATE INDEX "ledger_postings_entry_idx" ON "ledger_postings" USING btree ("entry_id");--> statement-breakpoint
-- Reference data: the two assets, their house accounts, the open exchange pairs and KPC's first price.
-- Operators change pairs and prices later; these are the defaults a fresh installation starts with.
INSERT INTO "assets" ("code", "decimals", "sort_order") VALUES ('USDT', 6, 0), ('KPC', 18, 1);--> statement-breakpoint
INSERT INTO "ledger_accounts" ("house_account", "asset")
  SELECT h.name, a.code FROM "assets" a CROSS JOIN (VALUES ('treasury'), ('fees'), ('exchange'), ('airdrop'), ('burn'), ('faucet')) AS h(name);--> statement-breakpoint
INSERT INTO "exchange_pairs" ("from_asset", "to_asset", "fee_rate", "min_amount") VALUES ('USDT', 'KPC', 0.003, 1), ('KPC', 'USDT', 0.005, 10);--> statement-breakpoint
INSERT INTO "kpc_prices" ("price", "source") VALUES (0.1, 'initial');
