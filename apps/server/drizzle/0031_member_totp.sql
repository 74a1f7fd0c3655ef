CREATE TABLE "member_totp" (
	"member_id" uuid PRIMARY KEY NOT NULL,
	"secret_sealed" text,
	"enabled_at" timestamp with time zone,
	"pending_sealed" text,
	"pending_at" timestamp with time zone,
	"last_step" bigint DEFAULT 0 NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "member_totp" ADD CONSTRAINT "member_totp_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;