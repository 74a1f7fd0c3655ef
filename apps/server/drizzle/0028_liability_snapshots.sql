CREATE TABLE "liability_leaves" (
	"snapshot_id" bigint NOT NULL,
	"member_id" uuid NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "liability_leaves_snapshot_id_member_id_pk" PRIMARY KEY("snapshot_id","member_id")
);
--> statement-breakpoint
CREATE TABLE "liability_nodes" (
	"snapshot_id" bigint NOT NULL,
	"level" smallint NOT NULL,
	"position" integer NOT NULL,
	"hash" text NOT NULL,
	"sums" numeric(78, 0)[] NOT NULL,
	CONSTRAINT "liability_nodes_snapshot_id_level_position_pk" PRIMARY KEY("snapshot_id","level","position")
);
--> statement-breakpoint
CREATE TABLE "liability_snapshots" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "liability_snapshots_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"day" date,
	"status" text NOT NULL,
	"claim_token" uuid NOT NULL,
	"claimed_until" timestamp with time zone NOT NULL,
	"taken_at" timestamp with time zone,
	"assets" text[],
	"root_hash" text,
	"totals" numeric(78, 0)[],
	"leaf_count" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "liability_snapshots_kind" CHECK ("liability_snapshots"."kind" in ('daily', 'on_demand')),
	CONSTRAINT "liability_snapshots_status" CHECK ("liability_snapshots"."status" in ('building', 'published')),
	CONSTRAINT "liability_snapshots_day" CHECK (("liability_snapshots"."kind" = 'daily') = ("liability_snapshots"."day" is not null)),
	CONSTRAINT "liability_snapshots_published" CHECK ("liability_snapshots"."status" = 'building' or ("liability_snapshots"."taken_at" is not null and "liability_snapshots"."root_hash" is not null and "liability_snapshots"."totals" is not null and "liability_snapshots"."leaf_count" is not null))
);
--> statement-breakpoint
ALTER TABLE "liability_leaves" ADD CONSTRAINT "liability_leaves_snapshot_id_liability_snapshots_id_fk" FOREIGN KEY ("snapshot_id") REFERENCES "public"."liability_snapshots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "liability_leaves" ADD CONSTRAINT "liability_leaves_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "liability_nodes" ADD CONSTRAINT "liability_nodes_snapshot_id_liability_snapshots_id_fk" FOREIGN KEY ("snapshot_id") REFERENCES "public"."liability_snapshots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "liability_snapshots_day_key" ON "liability_snapshots" USING btree ("day");--> statement-breakpoint
CREATE INDEX "liability_snapshots_published_idx" ON "liability_snapshots" USING btree ("status","id");