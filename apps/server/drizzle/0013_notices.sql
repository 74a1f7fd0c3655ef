CREATE TABLE "notice_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notice_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"notice_id" bigint NOT NULL,
	"action" text NOT NULL,
	"operator" text NOT NULL,
	"languages" text[],
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notice_events_action" CHECK ("notice_events"."action" in ('created', 'edited', 'published', 'unpublished'))
);
--> statement-breakpoint
CREATE TABLE "notice_reads" (
	"member_id" uuid NOT NULL,
	"notice_id" bigint NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notice_reads_member_id_notice_id_pk" PRIMARY KEY("member_id","notice_id")
);
--> statement-breakpoint
CREATE TABLE "notice_translations" (
	"notice_id" bigint NOT NULL,
	"language" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"summary" text NOT NULL,
	CONSTRAINT "notice_translations_notice_id_language_pk" PRIMARY KEY("notice_id","language"),
	CONSTRAINT "notice_translations_language" CHECK ("notice_translations"."language" in ('en', 'zh-Hans', 'hi', 'ja', 'ko', 'ru', 'vi'))
);
--> statement-breakpoint
CREATE TABLE "notices" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"status" text DEFAULT 'draft' NOT NULL,
	"published_at" timestamp with time zone,
	"published_by" text,
	"unpublished_at" timestamp with time zone,
	"unpublished_by" text,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notices_status" CHECK ("notices"."status" in ('draft', 'published', 'unpublished')),
	CONSTRAINT "notices_published" CHECK ("notices"."status" = 'draft' or "notices"."published_at" is not null)
);
--> statement-breakpoint
ALTER TABLE "notice_events" ADD CONSTRAINT "notice_events_notice_id_notices_id_fk" FOREIGN KEY ("notice_id") REFERENCES "public"."notices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notice_reads" ADD CONSTRAINT "notice_reads_notice_id_notices_id_fk" FOREIGN KEY ("notice_id") REFERENCES "public"."notices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notice_translations" ADD CONSTRAINT "notice_translations_notice_id_notices_id_fk" FOREIGN KEY ("notice_id") REFERENCES "public"."notices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notice_events_notice_idx" ON "notice_events" USING btree ("notice_id","id");--> statement-breakpoint
CREATE INDEX "notices_published_idx" ON "notices" USING btree ("published_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "notices"."status" = 'published';--> statement-breakpoint
CREATE INDEX "notices_status_idx" ON "notices" USING btree ("status","id");