CREATE TABLE "notice_versions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notice_versions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"notice_id" bigint NOT NULL,
	"version" integer NOT NULL,
	"action" text NOT NULL,
	"translations" jsonb NOT NULL,
	"published_at" timestamp with time zone,
	"operator" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notice_versions_version_positive" CHECK ("notice_versions"."version" > 0),
	CONSTRAINT "notice_versions_action" CHECK ("notice_versions"."action" in ('created', 'edited', 'published', 'scheduled', 'unpublished'))
);
--> statement-breakpoint
ALTER TABLE "notices" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "notice_versions" ADD CONSTRAINT "notice_versions_notice_id_notices_id_fk" FOREIGN KEY ("notice_id") REFERENCES "public"."notices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "notice_versions_version_key" ON "notice_versions" USING btree ("notice_id","version");--> statement-breakpoint
-- custom:
-- Step 8b §1: an announcement's versions, like audit entries, are never changed or removed (the
-- same function as config_changes' triggers; its refusal names the table it guards).
CREATE OR REPLACE FUNCTION "kpc_audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: % refused', TG_TABLE_NAME, TG_OP USING ERRCODE = 'insufficient_privilege';
END $$;--> statement-breakpoint
CREATE TRIGGER "notice_versions_no_update_delete" BEFORE UPDATE OR DELETE ON "notice_versions"
  FOR EACH ROW EXECUTE FUNCTION "kpc_audit_log_append_only"();--> statement-breakpoint
CREATE TRIGGER "notice_versions_no_truncate" BEFORE TRUNCATE ON "notice_versions"
  FOR EACH STATEMENT EXECUTE FUNCTION "kpc_audit_log_append_only"();--> statement-breakpoint
-- Announcements written before versions existed: their text as it stands is version 1.
INSERT INTO "notice_versions" ("notice_id", "version", "action", "translations", "published_at", "operator", "created_at")
SELECT n."id", 1, CASE WHEN n."status" = 'draft' THEN 'created' WHEN n."status" = 'published' THEN 'published' ELSE 'unpublished' END,
  COALESCE((SELECT jsonb_object_agg(t."language", jsonb_build_object('title', t."title", 'body', t."body"))
            FROM "notice_translations" t WHERE t."notice_id" = n."id"), '{}'::jsonb),
  CASE WHEN n."status" = 'published' THEN n."published_at" END, n."updated_by", n."updated_at"
FROM "notices" n;
