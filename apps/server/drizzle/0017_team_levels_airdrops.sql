-- Step 7 levels and airdrops (README "Team (Step 7)"): the qualifying events, the airdrops paid
-- for them and each member's totals; ESOP volume and the KPC/ESOP team levels on member_team.
CREATE TABLE "airdrops" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "airdrops_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"event_key" text NOT NULL,
	"depth" smallint NOT NULL,
	"kind" text NOT NULL,
	"receiver_id" uuid NOT NULL,
	"source_member_id" uuid NOT NULL,
	"asset" text NOT NULL,
	"gross" numeric(38, 18) NOT NULL,
	"fee" numeric(38, 18) NOT NULL,
	"net" numeric(38, 18) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reversed_at" timestamp with time zone,
	CONSTRAINT "airdrops_amounts" CHECK ("airdrops"."gross" > 0 and "airdrops"."fee" >= 0 and "airdrops"."net" >= 0 and "airdrops"."gross" = "airdrops"."fee" + "airdrops"."net"),
	CONSTRAINT "airdrops_kind" CHECK ("airdrops"."kind" in ('direct', 'indirect', 'card'))
);
--> statement-breakpoint
CREATE TABLE "member_airdrop_totals" (
	"member_id" uuid PRIMARY KEY NOT NULL,
	"direct" numeric(38, 18) DEFAULT '0' NOT NULL,
	"indirect" numeric(38, 18) DEFAULT '0' NOT NULL,
	"card" numeric(38, 18) DEFAULT '0' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "team_events" (
	"event_key" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"member_id" uuid NOT NULL,
	"usdt_value" numeric(38, 18) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reversed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "member_team" ADD COLUMN "esop_volume" numeric(38, 18) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "member_team" ADD COLUMN "kpc_level" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "member_team" ADD COLUMN "esop_level" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "airdrops" ADD CONSTRAINT "airdrops_event_key_team_events_event_key_fk" FOREIGN KEY ("event_key") REFERENCES "public"."team_events"("event_key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "airdrops" ADD CONSTRAINT "airdrops_receiver_id_members_id_fk" FOREIGN KEY ("receiver_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "airdrops" ADD CONSTRAINT "airdrops_source_member_id_members_id_fk" FOREIGN KEY ("source_member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_airdrop_totals" ADD CONSTRAINT "member_airdrop_totals_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_events" ADD CONSTRAINT "team_events_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "airdrops_event_depth_key" ON "airdrops" USING btree ("event_key","depth");--> statement-breakpoint
CREATE INDEX "airdrops_receiver_idx" ON "airdrops" USING btree ("receiver_id","id");--> statement-breakpoint
ALTER TABLE "member_team" ADD CONSTRAINT "member_team_esop_volume" CHECK ("member_team"."esop_volume" >= 0 and "member_team"."esop_volume" <= "member_team"."team_volume");--> statement-breakpoint
-- The house account that keeps the airdrops' 20 % handling fee (SPEC §9); airdrops are paid from `airdrop`.
INSERT INTO "ledger_accounts" ("house_account", "asset")
  SELECT 'airdrop_fees', a.code FROM "assets" a ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- Members who already qualify as ambassadors (levels.ts LEVEL_RULES: 3 direct invitees, or a broker
-- package of their own). Past purchases add no team volume (README "Team (Step 7)"), so no VIP yet.
UPDATE "members" m SET "level" = 'ambassador'
  FROM "member_tree" tr JOIN "member_team" t ON t."key" = tr."key"
  WHERE tr."member_id" = m."id" AND m."level" = 'member' AND m."status" <> 'system' AND t."direct_count" >= 3;--> statement-breakpoint
UPDATE "members" SET "level" = 'ambassador'
  WHERE "level" = 'member' AND "status" <> 'system'
    AND "id" IN (SELECT "member_id" FROM "klk_memberships" WHERE "tier_id" IS NOT NULL);
