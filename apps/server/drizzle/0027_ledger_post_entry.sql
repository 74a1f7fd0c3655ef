-- Step 9: `postEntry` as one server-side function (apps/server/src/ledger/ledger.ts). PL/pgSQL keeps
-- its statements' plans per connection, and a caller can post an entry in the same statement as its
-- cause. Every refusal is raised inside the call, so nothing half-written survives even outside an
-- explicit transaction: an overdraft is the balance CHECK's own error (a debit from an account never
-- used as well); a line whose account is missing raises. Lines come in the caller's fixed order
-- (the order of locking). A frozen member's own spending raises KP001 (MEMBER_FROZEN); a key posted
-- before writes nothing and answers `replayed` with the earlier entry, frozen or not.
CREATE FUNCTION "kpc_post_entry"(
  p_type text,
  p_key text,
  p_member uuid,
  p_reference text,
  p_spends boolean,
  p_members uuid[],
  p_buckets text[],
  p_houses text[],
  p_assets text[],
  p_amounts numeric[],
  OUT entry_id bigint,
  OUT replayed boolean
) LANGUAGE plpgsql AS $$
DECLARE
  v_account bigint;
  v_balance numeric;
  i integer;
BEGIN
  replayed := false;
  IF p_spends AND EXISTS (SELECT 1 FROM members WHERE id = p_member AND frozen_at IS NOT NULL) THEN
    SELECT e.id INTO entry_id FROM ledger_entries e WHERE e.idempotency_key = p_key;
    IF entry_id IS NULL THEN
      RAISE EXCEPTION 'member % is frozen', p_member USING ERRCODE = 'KP001';
    END IF;
    replayed := true;
    RETURN;
  END IF;
  INSERT INTO ledger_entries (type, idempotency_key, member_id, reference)
    VALUES (p_type, p_key, p_member, p_reference)
    ON CONFLICT (idempotency_key) DO NOTHING
    RETURNING id INTO entry_id;
  IF entry_id IS NULL THEN
    SELECT e.id INTO entry_id FROM ledger_entries e WHERE e.idempotency_key = p_key;
    IF entry_id IS NULL THEN
      RAISE EXCEPTION 'ledger entry % vanished', p_key;
    END IF;
    replayed := true;
    RETURN;
  END IF;
  FOR i IN 1 .. coalesce(array_length(p_amounts, 1), 0) LOOP
    IF p_members[i] IS NULL THEN
      SELECT a.id INTO v_account FROM ledger_accounts a WHERE a.house_account = p_houses[i] AND a.asset = p_assets[i];
      IF v_account IS NULL THEN
        RAISE EXCEPTION 'house account % has no % account', p_houses[i], p_assets[i];
      END IF;
      v_balance := NULL;
    ELSIF p_amounts[i] > 0 THEN
      -- A credit creates the account on first use.
      INSERT INTO ledger_accounts AS a (member_id, asset, bucket, balance)
        VALUES (p_members[i], p_assets[i], p_buckets[i], p_amounts[i])
        ON CONFLICT (member_id, asset, bucket) DO UPDATE SET balance = a.balance + excluded.balance, updated_at = now()
        RETURNING a.id, a.balance INTO v_account, v_balance;
    ELSE
      -- A debit below zero fails the CHECK; a debit from an account never used is an overdraft too.
      UPDATE ledger_accounts a SET balance = a.balance + p_amounts[i], updated_at = now()
        WHERE a.member_id = p_members[i] AND a.asset = p_assets[i] AND a.bucket = p_buckets[i]
        RETURNING a.id, a.balance INTO v_account, v_balance;
      IF v_account IS NULL THEN
        RAISE EXCEPTION 'new row for relation "ledger_accounts" violates check constraint "ledger_accounts_balance_non_negative"'
          USING ERRCODE = 'check_violation', CONSTRAINT = 'ledger_accounts_balance_non_negative',
            TABLE = 'ledger_accounts', SCHEMA = 'public';
      END IF;
    END IF;
    INSERT INTO ledger_postings (entry_id, account_id, asset, amount, balance_after)
      VALUES (entry_id, v_account, p_assets[i], p_amounts[i], v_balance);
    v_account := NULL;
  END LOOP;
END;
$$;
