CREATE TABLE "withdrawal_address_settings" (
	"member_id" uuid PRIMARY KEY NOT NULL,
	"address_book_only" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "withdrawal_addresses" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "withdrawal_addresses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"member_id" uuid NOT NULL,
	"chain_id" integer NOT NULL,
	"address" text NOT NULL,
	"label" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"usable_at" timestamp with time zone NOT NULL,
	"cancel_token_hash" text NOT NULL,
	"removed_at" timestamp with time zone,
	"removed_by" text
);
--> statement-breakpoint
CREATE TABLE "member_notification_settings" (
	"member_id" uuid PRIMARY KEY NOT NULL,
	"locale" text,
	"choices" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"member_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"event_key" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "member_passkeys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"member_id" uuid NOT NULL,
	"credential_id" text NOT NULL,
	"public_key" "bytea" NOT NULL,
	"counter" bigint DEFAULT 0 NOT NULL,
	"transports" text[] DEFAULT '{}'::text[] NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"removed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "webauthn_challenges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"member_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"challenge_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "liability_snapshots" ADD COLUMN "tree_pruned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "withdrawal_address_settings" ADD CONSTRAINT "withdrawal_address_settings_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal_addresses" ADD CONSTRAINT "withdrawal_addresses_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_notification_settings" ADD CONSTRAINT "member_notification_settings_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_passkeys" ADD CONSTRAINT "member_passkeys_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webauthn_challenges" ADD CONSTRAINT "webauthn_challenges_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawal_addresses_active_key" ON "withdrawal_addresses" USING btree ("member_id","chain_id","address") WHERE "withdrawal_addresses"."removed_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawal_addresses_cancel_key" ON "withdrawal_addresses" USING btree ("cancel_token_hash");--> statement-breakpoint
CREATE INDEX "withdrawal_addresses_member_idx" ON "withdrawal_addresses" USING btree ("member_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "member_notifications_event_key" ON "member_notifications" USING btree ("kind","event_key");--> statement-breakpoint
CREATE INDEX "member_notifications_due_idx" ON "member_notifications" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE UNIQUE INDEX "member_passkeys_credential_uq" ON "member_passkeys" USING btree ("credential_id");--> statement-breakpoint
CREATE INDEX "member_passkeys_member_idx" ON "member_passkeys" USING btree ("member_id");--> statement-breakpoint
CREATE UNIQUE INDEX "webauthn_challenges_hash_uq" ON "webauthn_challenges" USING btree ("challenge_hash");--> statement-breakpoint
CREATE INDEX "webauthn_challenges_member_idx" ON "webauthn_challenges" USING btree ("member_id");