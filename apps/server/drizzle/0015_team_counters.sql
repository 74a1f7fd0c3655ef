CREATE TABLE "member_team" (
	"key" integer PRIMARY KEY NOT NULL,
	"direct_count" integer DEFAULT 0 NOT NULL,
	"team_count" integer DEFAULT 0 NOT NULL,
	"team_volume" numeric(38, 18) DEFAULT '0' NOT NULL,
	CONSTRAINT "member_team_counts" CHECK ("member_team"."direct_count" >= 0 and "member_team"."team_count" >= "member_team"."direct_count" and "member_team"."team_volume" >= 0)
) WITH (fillfactor = 80);
--> statement-breakpoint
-- The aggregates move from the tree row (with its path) to a narrow row of their own; filled to
-- 80% so the per-ancestor updates stay on their page (heap-only, no index write).
ALTER TABLE "member_tree" DROP CONSTRAINT "member_tree_counts";--> statement-breakpoint
ALTER TABLE "member_team" ADD CONSTRAINT "member_team_key_member_tree_key_fk" FOREIGN KEY ("key") REFERENCES "public"."member_tree"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
INSERT INTO "member_team" ("key", "direct_count", "team_count", "team_volume")
SELECT "key", "direct_count", "team_count", "team_volume" FROM "member_tree";--> statement-breakpoint
ALTER TABLE "member_tree" DROP COLUMN "direct_count";--> statement-breakpoint
ALTER TABLE "member_tree" DROP COLUMN "team_count";--> statement-breakpoint
ALTER TABLE "member_tree" DROP COLUMN "team_volume";
