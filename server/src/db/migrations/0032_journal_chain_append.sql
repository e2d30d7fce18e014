-- Appends one link to a case's hash chain after its last (issue 38): its number, the hash it follows and
-- its own hash (SHA-256 of the canonical JSON of its fields: keys in order, and uuids, hex hashes, kinds
-- and numbers need no escaping; journal-chain.ts's linkHash computes the same). The caller holds the
-- case row's lock. A function rather than a statement of the application: each of its queries reads a
-- snapshot of its own, taken when it runs, so one statement can lock the case (an UPDATE of its row
-- that waits for the writer before) and then, in this function, read the last link that writer
-- committed. In one plain statement every part would read the statement's first snapshot, taken before
-- the lock was granted, and two writers could both follow the same link.
CREATE FUNCTION "journal_chain_append"(in_case uuid, in_kind text, in_entry uuid, in_content_hash text)
  RETURNS integer LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  next_seq integer;
  prev text;
BEGIN
  SELECT "seq" + 1, "hash" INTO next_seq, prev FROM "journal_chain_links"
    WHERE "case_id" = in_case ORDER BY "seq" DESC LIMIT 1;
  IF next_seq IS NULL THEN
    next_seq := 1;
    prev := repeat('0', 64);
  END IF;
  INSERT INTO "journal_chain_links" ("case_id", "seq", "kind", "journal_entry_id", "content_hash", "prev_hash", "hash")
    VALUES (in_case, next_seq, in_kind, in_entry, in_content_hash, prev,
      encode(sha256(convert_to('{"caseId":"' || in_case::text || '","contentHash":"' || in_content_hash
        || '","journalEntryId":"' || in_entry::text || '","kind":"' || in_kind
        || '","prevHash":"' || prev || '","seq":' || next_seq || '}', 'UTF8')), 'hex'));
  RETURN next_seq;
END;
$$;
