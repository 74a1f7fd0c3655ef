CREATE TABLE "card_applications" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "card_applications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"member_id" uuid NOT NULL,
	"request_id" uuid NOT NULL,
	"product" text NOT NULL,
	"network" text NOT NULL,
	"status" text DEFAULT 'submitted' NOT NULL,
	"holder_name" text NOT NULL,
	"nationality" text NOT NULL,
	"document_type" text NOT NULL,
	"document_last4" text NOT NULL,
	"payment" text NOT NULL,
	"paid" numeric(38, 18) NOT NULL,
	"issuance_fee" numeric(38, 18) NOT NULL,
	"kyc_fee" numeric(38, 18) NOT NULL,
	"initial_top_up" numeric(38, 18) NOT NULL,
	"activation_code_id" bigint,
	"issuer_ref" text,
	"reject_reason" text,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"issued_by" text,
	"issued_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_applications_status" CHECK ("card_applications"."status" in ('submitted', 'kyc_approved', 'kyc_rejected', 'issued')),
	CONSTRAINT "card_applications_payment" CHECK ("card_applications"."payment" in ('code', 'balance')),
	CONSTRAINT "card_applications_paid" CHECK (("card_applications"."payment" = 'code' and "card_applications"."paid" = 0) or ("card_applications"."payment" = 'balance' and "card_applications"."paid" >= 0 and "card_applications"."activation_code_id" is null))
);
--> statement-breakpoint
CREATE TABLE "card_issuer_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "card_products" (
	"code" text PRIMARY KEY NOT NULL,
	"networks" text[] NOT NULL,
	"issuance_fee" numeric(38, 18) NOT NULL,
	"kyc_fee" numeric(38, 18) NOT NULL,
	"initial_top_up" numeric(38, 18) NOT NULL,
	"monthly_fee" numeric(38, 18) NOT NULL,
	"top_up_fee_rate" numeric(38, 18) NOT NULL,
	"top_up_min_fee" numeric(38, 18) NOT NULL,
	"single_limit" numeric(38, 18) NOT NULL,
	"daily_limit" numeric(38, 18) NOT NULL,
	"monthly_limit" numeric(38, 18) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "card_products_fees" CHECK ("card_products"."issuance_fee" >= 0 and "card_products"."kyc_fee" >= 0 and "card_products"."initial_top_up" >= 0 and "card_products"."monthly_fee" >= 0
        and "card_products"."top_up_fee_rate" >= 0 and "card_products"."top_up_fee_rate" < 1 and "card_products"."top_up_min_fee" >= 0),
	CONSTRAINT "card_products_limits" CHECK ("card_products"."single_limit" > 0 and "card_products"."daily_limit" >= "card_products"."single_limit" and "card_products"."monthly_limit" >= "card_products"."daily_limit")
);
--> statement-breakpoint
CREATE TABLE "card_sandbox_store" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "card_top_ups" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "card_top_ups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"member_id" uuid NOT NULL,
	"card_record_id" bigint NOT NULL,
	"request_id" uuid NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"fee" numeric(38, 18) NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"issuer_transaction_ref" text,
	"balance_after" numeric(38, 18),
	"failure" text,
	"created_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "card_top_ups_status" CHECK ("card_top_ups"."status" in ('pending', 'completed', 'failed')),
	CONSTRAINT "card_top_ups_amount" CHECK ("card_top_ups"."amount" > 0 and "card_top_ups"."fee" >= 0)
);
--> statement-breakpoint
CREATE TABLE "cards" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cards_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"member_id" uuid NOT NULL,
	"application_id" bigint NOT NULL,
	"issuer_ref" text NOT NULL,
	"product" text NOT NULL,
	"network" text NOT NULL,
	"masked_number" text NOT NULL,
	"last4" text NOT NULL,
	"number_hash" text NOT NULL,
	"card_id" text NOT NULL,
	"label" text NOT NULL,
	"region" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"bound_at" timestamp with time zone,
	"initial_top_up_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cards_status" CHECK ("cards"."status" in ('active', 'frozen'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "card_applications_request_key" ON "card_applications" USING btree ("member_id","request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "card_applications_issuer_ref_key" ON "card_applications" USING btree ("issuer_ref");--> statement-breakpoint
CREATE INDEX "card_applications_member_idx" ON "card_applications" USING btree ("member_id","id");--> statement-breakpoint
CREATE INDEX "card_applications_status_idx" ON "card_applications" USING btree ("status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "card_top_ups_request_key" ON "card_top_ups" USING btree ("member_id","request_id");--> statement-breakpoint
CREATE INDEX "card_top_ups_card_idx" ON "card_top_ups" USING btree ("card_record_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "cards_application_key" ON "cards" USING btree ("application_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cards_issuer_ref_key" ON "cards" USING btree ("issuer_ref");--> statement-breakpoint
CREATE UNIQUE INDEX "cards_number_hash_key" ON "cards" USING btree ("number_hash");--> statement-breakpoint
CREATE INDEX "cards_member_idx" ON "cards" USING btree ("member_id","id");--> statement-breakpoint
-- Step 6's house accounts: `card_fees` receives issuance, KYC and top-up fees (a rejected
-- application is refunded from it); `card_float` holds the USDT loaded onto members' cards.
INSERT INTO "ledger_accounts" ("house_account", "asset")
  SELECT h.name, a.code FROM "assets" a CROSS JOIN (VALUES ('card_fees'), ('card_float')) AS h(name);--> statement-breakpoint
-- Default card products (README "Cards"), in USDT; operators change the rows later.
INSERT INTO "card_products" ("code", "networks", "issuance_fee", "kyc_fee", "initial_top_up", "monthly_fee",
  "top_up_fee_rate", "top_up_min_fee", "single_limit", "daily_limit", "monthly_limit", "sort") VALUES
  ('gold_eagle', ARRAY['mastercard', 'visa'], 100, 20, 50, 2, 0.015, 1, 5000, 10000, 50000, 1),
  ('royal_black_eagle', ARRAY['mastercard', 'visa'], 300, 20, 200, 5, 0.01, 2, 20000, 50000, 200000, 2);
