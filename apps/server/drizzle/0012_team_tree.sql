CREATE TABLE "member_tree" (
	"member_id" uuid PRIMARY KEY NOT NULL,
	"key" integer GENERATED ALWAYS AS IDENTITY (sequence name "member_tree_key_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"parent_key" integer,
	"depth" integer NOT NULL,
	"path" integer[] NOT NULL,
	"direct_count" integer DEFAULT 0 NOT NULL,
	"team_count" integer DEFAULT 0 NOT NULL,
	"team_volume" numeric(38, 18) DEFAULT '0' NOT NULL,
	CONSTRAINT "member_tree_parent_before_child" CHECK ("member_tree"."parent_key" < "member_tree"."key"),
	CONSTRAINT "member_tree_depth_is_path" CHECK ("member_tree"."depth" = cardinality("member_tree"."path") and coalesce("member_tree"."path"["member_tree"."depth"] = "member_tree"."parent_key", "member_tree"."parent_key" is null and "member_tree"."depth" = 0)),
	CONSTRAINT "member_tree_counts" CHECK ("member_tree"."direct_count" >= 0 and "member_tree"."team_count" >= "member_tree"."direct_count" and "member_tree"."team_volume" >= 0)
);
--> statement-breakpoint
ALTER TABLE "member_tree" ADD CONSTRAINT "member_tree_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- The unique index on key first: the parent_key foreign key needs it.
CREATE UNIQUE INDEX "member_tree_key_key" ON "member_tree" USING btree ("key");--> statement-breakpoint
ALTER TABLE "member_tree" ADD CONSTRAINT "member_tree_parent_key_member_tree_key_fk" FOREIGN KEY ("parent_key") REFERENCES "public"."member_tree"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_tree_parent_idx" ON "member_tree" USING btree ("parent_key","key");--> statement-breakpoint
-- Backfill: every existing member, parents before children. Keys are handed out by depth, then by
-- sign-up, so every parent's key is below its children's (member_tree_parent_before_child).
WITH RECURSIVE walk AS (
	SELECT "id", 0 AS "depth" FROM "members" WHERE "referrer_id" IS NULL
	UNION ALL
	SELECT m."id", w."depth" + 1 FROM "members" m JOIN walk w ON m."referrer_id" = w."id"
), keyed AS (
	SELECT w."id", m."referrer_id", w."depth",
		(row_number() OVER (ORDER BY w."depth", m."created_at", m."id"))::integer AS "key"
	FROM walk w JOIN "members" m ON m."id" = w."id"
), paths AS (
	SELECT "id", "key", NULL::integer AS "parent_key", "depth", '{}'::integer[] AS "path" FROM keyed WHERE "referrer_id" IS NULL
	UNION ALL
	SELECT k."id", k."key", p."key", k."depth", p."path" || p."key" FROM keyed k JOIN paths p ON k."referrer_id" = p."id"
)
INSERT INTO "member_tree" ("key", "member_id", "parent_key", "depth", "path") OVERRIDING SYSTEM VALUE
SELECT "key", "id", "parent_key", "depth", "path" FROM paths ORDER BY "key";--> statement-breakpoint
-- The whole team first: the check wants team_count >= direct_count at every step.
UPDATE "member_tree" t SET "team_count" = c."n"
FROM (SELECT a."key", count(*)::integer AS "n" FROM "member_tree", unnest("path") AS a("key") GROUP BY a."key") c
WHERE t."key" = c."key";--> statement-breakpoint
UPDATE "member_tree" t SET "direct_count" = c."n"
FROM (SELECT "parent_key", count(*)::integer AS "n" FROM "member_tree" WHERE "parent_key" IS NOT NULL GROUP BY "parent_key") c
WHERE t."key" = c."parent_key";--> statement-breakpoint
-- New members continue after the backfilled keys.
SELECT setval(pg_get_serial_sequence('"member_tree"', 'key'), coalesce(max("key"), 0) + 1, false) FROM "member_tree";
