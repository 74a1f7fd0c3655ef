-- Change notifications for the server's in-process caches (sessions, reference data): every writer,
-- the server or an operator's SQL, tells every server process at commit (LISTEN/NOTIFY).
CREATE FUNCTION "kpc_notify_reference_data"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('kpc_reference_data', TG_TABLE_NAME);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "assets_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "assets"
  FOR EACH STATEMENT EXECUTE FUNCTION "kpc_notify_reference_data"();--> statement-breakpoint
CREATE TRIGGER "kpc_prices_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "kpc_prices"
  FOR EACH STATEMENT EXECUTE FUNCTION "kpc_notify_reference_data"();--> statement-breakpoint
CREATE TRIGGER "exchange_pairs_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "exchange_pairs"
  FOR EACH STATEMENT EXECUTE FUNCTION "kpc_notify_reference_data"();--> statement-breakpoint
CREATE TRIGGER "payment_channels_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "payment_channels"
  FOR EACH STATEMENT EXECUTE FUNCTION "kpc_notify_reference_data"();--> statement-breakpoint
-- The payload is the member whose cached sessions must go.
CREATE FUNCTION "kpc_notify_session_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'members' THEN
    PERFORM pg_notify('kpc_sessions', OLD.id::text);
  ELSE
    PERFORM pg_notify('kpc_sessions', OLD.member_id::text);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "sessions_notify_change" AFTER UPDATE OF "revoked_at", "expires_at", "member_id" ON "sessions"
  FOR EACH ROW WHEN (OLD.revoked_at IS DISTINCT FROM NEW.revoked_at OR OLD.expires_at IS DISTINCT FROM NEW.expires_at
    OR OLD.member_id IS DISTINCT FROM NEW.member_id)
  EXECUTE FUNCTION "kpc_notify_session_change"();--> statement-breakpoint
CREATE TRIGGER "sessions_notify_delete" AFTER DELETE ON "sessions"
  FOR EACH ROW EXECUTE FUNCTION "kpc_notify_session_change"();--> statement-breakpoint
CREATE TRIGGER "members_notify_status" AFTER UPDATE OF "status" ON "members"
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status)
  EXECUTE FUNCTION "kpc_notify_session_change"();
