CREATE TABLE "config_changes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "config_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"domain" text NOT NULL,
	"subject" text NOT NULL,
	"version" integer NOT NULL,
	"before" jsonb,
	"after" jsonb NOT NULL,
	"reason" text NOT NULL,
	"effective_from" timestamp with time zone NOT NULL,
	"actor_type" text NOT NULL,
	"actor_id" text,
	"actor_name" text NOT NULL,
	"role" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "config_changes_version_positive" CHECK ("config_changes"."version" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "config_changes_version_key" ON "config_changes" USING btree ("domain","subject","version");--> statement-breakpoint
CREATE INDEX "config_changes_effective_idx" ON "config_changes" USING btree ("domain","subject","effective_from");--> statement-breakpoint
-- Step 8b §2: a configuration version, like an audit entry, is never changed or removed; the
-- refusal names the table it guards.
CREATE OR REPLACE FUNCTION "kpc_audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: % refused', TG_TABLE_NAME, TG_OP USING ERRCODE = 'insufficient_privilege';
END $$;--> statement-breakpoint
CREATE TRIGGER "config_changes_no_update_delete" BEFORE UPDATE OR DELETE ON "config_changes"
  FOR EACH ROW EXECUTE FUNCTION "kpc_audit_log_append_only"();--> statement-breakpoint
CREATE TRIGGER "config_changes_no_truncate" BEFORE TRUNCATE ON "config_changes"
  FOR EACH STATEMENT EXECUTE FUNCTION "kpc_audit_log_append_only"();
