CREATE TABLE "member_security_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "member_security_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"member_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"session_id" uuid,
	"ip" text,
	"device" text,
	"detail" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "member_security_events" ADD CONSTRAINT "member_security_events_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_security_events" ADD CONSTRAINT "member_security_events_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_security_events_member_idx" ON "member_security_events" USING btree ("member_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "member_security_events_sign_in_key" ON "member_security_events" USING btree ("session_id") WHERE "member_security_events"."kind" = 'sign_in';