CREATE TABLE "activation_code_transfers" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "activation_code_transfers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"code_id" bigint NOT NULL,
	"from_member_id" uuid NOT NULL,
	"to_member_id" uuid NOT NULL,
	"request_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "activation_codes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "activation_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"owner_id" uuid NOT NULL,
	"code_hash" text NOT NULL,
	"code_sealed" text NOT NULL,
	"hint" text NOT NULL,
	"purchase_id" bigint NOT NULL,
	"status" text DEFAULT 'unused' NOT NULL,
	"used_at" timestamp with time zone,
	"used_by_reference" text,
	"received_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "activation_codes_status" CHECK ("activation_codes"."status" in ('unused', 'used')),
	CONSTRAINT "activation_codes_used" CHECK (("activation_codes"."status" = 'used') = ("activation_codes"."used_at" is not null and "activation_codes"."used_by_reference" is not null))
);
--> statement-breakpoint
CREATE TABLE "klk_memberships" (
	"member_id" uuid PRIMARY KEY NOT NULL,
	"tier_id" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "klk_purchases" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "klk_purchases_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"member_id" uuid NOT NULL,
	"request_id" uuid NOT NULL,
	"tier_id" bigint NOT NULL,
	"from_tier_id" bigint,
	"paid" numeric(38, 18) NOT NULL,
	"code_count" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "klk_tiers" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "klk_tiers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"level" text NOT NULL,
	"rank" smallint NOT NULL,
	"price" numeric(38, 18) NOT NULL,
	"code_count" integer NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "klk_tiers_price" CHECK ("klk_tiers"."price" > 0),
	CONSTRAINT "klk_tiers_code_count" CHECK ("klk_tiers"."code_count" >= 0),
	CONSTRAINT "klk_tiers_status" CHECK ("klk_tiers"."status" in ('active', 'closed'))
);
--> statement-breakpoint
CREATE TABLE "node_applications" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "node_applications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"member_id" uuid NOT NULL,
	"status" text DEFAULT 'applied' NOT NULL,
	"name" text NOT NULL,
	"contact" text NOT NULL,
	"region" text NOT NULL,
	"note" text,
	"review_note" text,
	"reviewed_by" text,
	"reviewed_at" timestamp with time zone,
	"paid" numeric(38, 18),
	"pay_request_id" uuid,
	"paid_at" timestamp with time zone,
	"decision_note" text,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "node_applications_status" CHECK ("node_applications"."status" in ('applied', 'approved', 'rejected', 'paid', 'authorized', 'refused')),
	CONSTRAINT "node_applications_paid" CHECK (("node_applications"."paid" is null) = ("node_applications"."paid_at" is null))
);
--> statement-breakpoint
CREATE TABLE "stockholder_applications" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "stockholder_applications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"member_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"name" text NOT NULL,
	"contact" text NOT NULL,
	"contribution" numeric(38, 18) NOT NULL,
	"note" text,
	"review_note" text,
	"reviewed_by" text,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stockholder_applications_status" CHECK ("stockholder_applications"."status" in ('pending', 'approved', 'rejected')),
	CONSTRAINT "stockholder_applications_contribution" CHECK ("stockholder_applications"."contribution" > 0)
);
--> statement-breakpoint
ALTER TABLE "activation_code_transfers" ADD CONSTRAINT "activation_code_transfers_code_id_activation_codes_id_fk" FOREIGN KEY ("code_id") REFERENCES "public"."activation_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activation_codes" ADD CONSTRAINT "activation_codes_purchase_id_klk_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."klk_purchases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "klk_memberships" ADD CONSTRAINT "klk_memberships_tier_id_klk_tiers_id_fk" FOREIGN KEY ("tier_id") REFERENCES "public"."klk_tiers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "klk_purchases" ADD CONSTRAINT "klk_purchases_tier_id_klk_tiers_id_fk" FOREIGN KEY ("tier_id") REFERENCES "public"."klk_tiers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "klk_purchases" ADD CONSTRAINT "klk_purchases_from_tier_id_klk_tiers_id_fk" FOREIGN KEY ("from_tier_id") REFERENCES "public"."klk_tiers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "activation_code_transfers_request_key" ON "activation_code_transfers" USING btree ("from_member_id","request_id");--> statement-breakpoint
CREATE INDEX "activation_code_transfers_code_idx" ON "activation_code_transfers" USING btree ("code_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "activation_codes_hash_key" ON "activation_codes" USING btree ("code_hash");--> statement-breakpoint
CREATE INDEX "activation_codes_owner_idx" ON "activation_codes" USING btree ("owner_id","status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "activation_codes_used_by_key" ON "activation_codes" USING btree ("used_by_reference");--> statement-breakpoint
CREATE UNIQUE INDEX "klk_purchases_request_key" ON "klk_purchases" USING btree ("member_id","request_id");--> statement-breakpoint
CREATE INDEX "klk_purchases_member_idx" ON "klk_purchases" USING btree ("member_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "klk_tiers_level_key" ON "klk_tiers" USING btree ("level");--> statement-breakpoint
CREATE UNIQUE INDEX "klk_tiers_rank_key" ON "klk_tiers" USING btree ("rank");--> statement-breakpoint
CREATE UNIQUE INDEX "node_applications_open_key" ON "node_applications" USING btree ("member_id") WHERE "node_applications"."status" in ('applied', 'approved', 'paid', 'authorized');--> statement-breakpoint
CREATE INDEX "node_applications_member_idx" ON "node_applications" USING btree ("member_id","id");--> statement-breakpoint
CREATE INDEX "node_applications_status_idx" ON "node_applications" USING btree ("status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "stockholder_applications_open_key" ON "stockholder_applications" USING btree ("member_id") WHERE "stockholder_applications"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "stockholder_applications_member_idx" ON "stockholder_applications" USING btree ("member_id","id");--> statement-breakpoint
CREATE INDEX "stockholder_applications_status_idx" ON "stockholder_applications" USING btree ("status","id");--> statement-breakpoint
-- Step 6's house accounts: `klk_sales` receives broker package payments, `node_sales` global node
-- payments (a refused node is refunded from it).
INSERT INTO "ledger_accounts" ("house_account", "asset")
  SELECT h.name, a.code FROM "assets" a CROSS JOIN (VALUES ('klk_sales'), ('node_sales')) AS h(name);--> statement-breakpoint
-- Default broker package tiers (README "Broker packages"); operators change the rows later.
INSERT INTO "klk_tiers" ("level", "rank", "price", "code_count") VALUES
  ('agent', 1, 1000, 1),
  ('partner', 2, 5000, 6);--> statement-breakpoint
-- The global node price in USDT (README "Global node").
INSERT INTO "settings" ("key", "value") VALUES ('node.price_usdt', '10000') ON CONFLICT ("key") DO NOTHING;
