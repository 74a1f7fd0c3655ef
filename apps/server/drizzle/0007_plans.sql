CREATE TABLE "esop_orders" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "esop_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"member_id" uuid NOT NULL,
	"terms_id" bigint NOT NULL,
	"request_id" uuid NOT NULL,
	"usdt_paid" numeric(38, 18) NOT NULL,
	"price" numeric(38, 18) NOT NULL,
	"kpc_allocated" numeric(38, 18) NOT NULL,
	"lock_months" smallint NOT NULL,
	"release_months" smallint NOT NULL,
	"lock_end_at" timestamp with time zone NOT NULL,
	"next_due_at" timestamp with time zone NOT NULL,
	"released" numeric(38, 18) DEFAULT '0' NOT NULL,
	"released_phases" smallint DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "esop_orders_released" CHECK ("esop_orders"."released" >= 0 and "esop_orders"."released" <= "esop_orders"."kpc_allocated"),
	CONSTRAINT "esop_orders_status" CHECK ("esop_orders"."status" in ('active', 'completed'))
);
--> statement-breakpoint
CREATE TABLE "esop_terms" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "esop_terms_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"lock_months" smallint NOT NULL,
	"release_months" smallint NOT NULL,
	"min_usdt" numeric(38, 18) NOT NULL,
	"max_usdt" numeric(38, 18) NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "esop_terms_months" CHECK ("esop_terms"."lock_months" >= 0 and "esop_terms"."release_months" between 1 and 120),
	CONSTRAINT "esop_terms_amounts" CHECK ("esop_terms"."min_usdt" > 0 and "esop_terms"."max_usdt" >= "esop_terms"."min_usdt"),
	CONSTRAINT "esop_terms_status" CHECK ("esop_terms"."status" in ('active', 'closed'))
);
--> statement-breakpoint
CREATE TABLE "plan_orders" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "plan_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"member_id" uuid NOT NULL,
	"product_id" bigint NOT NULL,
	"request_id" uuid NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"coefficient" numeric(38, 18) NOT NULL,
	"quota" numeric(38, 18) NOT NULL,
	"phase_ratios" numeric(38, 18)[] NOT NULL,
	"start_day" integer NOT NULL,
	"released" numeric(38, 18) DEFAULT '0' NOT NULL,
	"released_days" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "plan_orders_released" CHECK ("plan_orders"."released" >= 0 and "plan_orders"."released" <= "plan_orders"."quota"),
	CONSTRAINT "plan_orders_status" CHECK ("plan_orders"."status" in ('active', 'completed'))
);
--> statement-breakpoint
CREATE TABLE "plan_products" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "plan_products_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name_key" text NOT NULL,
	"min_amount" numeric(38, 18) NOT NULL,
	"max_amount" numeric(38, 18) NOT NULL,
	"coefficient" numeric(38, 18) NOT NULL,
	"phase_ratios" numeric(38, 18)[] NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"sort_order" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plan_products_amounts" CHECK ("plan_products"."min_amount" > 0 and "plan_products"."max_amount" >= "plan_products"."min_amount"),
	CONSTRAINT "plan_products_coefficient" CHECK ("plan_products"."coefficient" >= 1),
	CONSTRAINT "plan_products_ratios" CHECK (cardinality("plan_products"."phase_ratios") between 1 and 120 and 0.0035 <= all ("plan_products"."phase_ratios") and 0.005 >= all ("plan_products"."phase_ratios")),
	CONSTRAINT "plan_products_status" CHECK ("plan_products"."status" in ('active', 'closed'))
);
--> statement-breakpoint
CREATE TABLE "plan_releases" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "plan_releases_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"source_id" bigint NOT NULL,
	"period" integer NOT NULL,
	"member_id" uuid NOT NULL,
	"asset" text NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"phase" integer,
	"ratio" numeric(38, 18),
	"due_day" integer NOT NULL,
	"entry_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plan_releases_amount" CHECK ("plan_releases"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "pledge_terms" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pledge_terms_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"days" smallint NOT NULL,
	"daily_rate" numeric(38, 18) NOT NULL,
	"min_amount" numeric(38, 18) NOT NULL,
	"early_penalty_rate" numeric(38, 18) NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"sort_order" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pledge_terms_days" CHECK ("pledge_terms"."days" between 1 and 3650),
	CONSTRAINT "pledge_terms_rates" CHECK ("pledge_terms"."daily_rate" > 0 and "pledge_terms"."daily_rate" < 0.1),
	CONSTRAINT "pledge_terms_min" CHECK ("pledge_terms"."min_amount" > 0),
	CONSTRAINT "pledge_terms_penalty" CHECK ("pledge_terms"."early_penalty_rate" >= 0 and "pledge_terms"."early_penalty_rate" < 1),
	CONSTRAINT "pledge_terms_status" CHECK ("pledge_terms"."status" in ('active', 'closed'))
);
--> statement-breakpoint
CREATE TABLE "pledges" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pledges_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"member_id" uuid NOT NULL,
	"terms_id" bigint NOT NULL,
	"request_id" uuid NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"days" smallint NOT NULL,
	"daily_rate" numeric(38, 18) NOT NULL,
	"early_penalty_rate" numeric(38, 18) NOT NULL,
	"start_day" integer NOT NULL,
	"rewarded_days" smallint DEFAULT 0 NOT NULL,
	"rewarded" numeric(38, 18) DEFAULT '0' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"penalty" numeric(38, 18),
	"redeem_request_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "pledges_status" CHECK ("pledges"."status" in ('active', 'matured', 'redeemed'))
);
--> statement-breakpoint
ALTER TABLE "esop_orders" ADD CONSTRAINT "esop_orders_terms_id_esop_terms_id_fk" FOREIGN KEY ("terms_id") REFERENCES "public"."esop_terms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_orders" ADD CONSTRAINT "plan_orders_product_id_plan_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."plan_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pledges" ADD CONSTRAINT "pledges_terms_id_pledge_terms_id_fk" FOREIGN KEY ("terms_id") REFERENCES "public"."pledge_terms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "esop_orders_request_key" ON "esop_orders" USING btree ("member_id","request_id");--> statement-breakpoint
CREATE INDEX "esop_orders_member_idx" ON "esop_orders" USING btree ("member_id","id");--> statement-breakpoint
CREATE INDEX "esop_orders_due_idx" ON "esop_orders" USING btree ("next_due_at") WHERE "esop_orders"."status" = 'active';--> statement-breakpoint
CREATE UNIQUE INDEX "plan_orders_request_key" ON "plan_orders" USING btree ("member_id","request_id");--> statement-breakpoint
CREATE INDEX "plan_orders_member_idx" ON "plan_orders" USING btree ("member_id","id");--> statement-breakpoint
CREATE INDEX "plan_orders_due_idx" ON "plan_orders" USING btree (("start_day" + "released_days")) WHERE "plan_orders"."status" = 'active';--> statement-breakpoint
CREATE UNIQUE INDEX "plan_releases_key" ON "plan_releases" USING btree ("kind","source_id","period");--> statement-breakpoint
CREATE INDEX "plan_releases_member_idx" ON "plan_releases" USING btree ("member_id","kind","id");--> statement-breakpoint
CREATE INDEX "plan_releases_unposted_idx" ON "plan_releases" USING btree ("id") WHERE "plan_releases"."entry_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "pledges_request_key" ON "pledges" USING btree ("member_id","request_id");--> statement-breakpoint
CREATE INDEX "pledges_member_idx" ON "pledges" USING btree ("member_id","id");--> statement-breakpoint
CREATE INDEX "pledges_due_idx" ON "pledges" USING btree (("start_day" + "rewarded_days")) WHERE "pledges"."status" = 'active';--> statement-breakpoint
-- The plans' house accounts: `plan_funds` receives what members pay into plans, `plan_payout` pays
-- every release and ESOP allocation (its negative balance is what the plans have cost so far).
INSERT INTO "ledger_accounts" ("house_account", "asset")
  SELECT h.name, a.code FROM "assets" a CROSS JOIN (VALUES ('plan_funds'), ('plan_payout')) AS h(name);--> statement-breakpoint
-- Default plan configuration (README "Plans"); operators change the rows later. Investment phase
-- ratios stay within SPEC §9's 0.35%-0.5% a day (the table's check refuses others).
INSERT INTO "plan_products" ("name_key", "min_amount", "max_amount", "coefficient", "phase_ratios", "sort_order") VALUES
  ('plan.product.starter', 100, 10000, 1.5, '{0.0035,0.0040,0.0045,0.0050}', 0),
  ('plan.product.advanced', 1000, 100000, 2, '{0.0040,0.0042,0.0044,0.0046,0.0048,0.0050}', 1);--> statement-breakpoint
INSERT INTO "esop_terms" ("lock_months", "release_months", "min_usdt", "max_usdt") VALUES (6, 12, 100, 50000);--> statement-breakpoint
INSERT INTO "pledge_terms" ("days", "daily_rate", "min_amount", "early_penalty_rate", "sort_order") VALUES
  (30, 0.001, 100, 0.1, 0),
  (90, 0.0015, 100, 0.1, 1),
  (180, 0.002, 100, 0.1, 2);
