ALTER TABLE "evidence_identifiers" ADD COLUMN "evidence_created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "evidence_identifiers" ADD COLUMN "case_id" uuid;--> statement-breakpoint
ALTER TABLE "evidence_identifiers" ADD COLUMN "has_file" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "journal_entry_identifiers" ADD COLUMN "performed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "journal_entry_identifiers" ADD COLUMN "case_id" uuid;--> statement-breakpoint
ALTER TABLE "journal_entry_identifiers" ADD COLUMN "is_nullified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "evidence_identifiers_listing_idx" ON "evidence_identifiers" USING btree ("identifier_id","evidence_created_at" DESC NULLS LAST,"evidence_id" DESC NULLS LAST,"case_id","has_file");--> statement-breakpoint
CREATE INDEX "evidence_identifiers_media_idx" ON "evidence_identifiers" USING btree ("identifier_id","evidence_created_at" DESC NULLS LAST,"evidence_id" DESC NULLS LAST,"case_id") WHERE "evidence_identifiers"."has_file";--> statement-breakpoint
CREATE INDEX "journal_entry_identifiers_live_idx" ON "journal_entry_identifiers" USING btree ("identifier_id","performed_at" DESC NULLS LAST,"journal_entry_id" DESC NULLS LAST,"case_id") WHERE "journal_entry_identifiers"."is_nullified" = false;--> statement-breakpoint
-- The link tables carry copies of what an identifier's listings filter and sort by, so a page and its
-- counts are read off the link indexes alone. The database keeps the copies: filled from the entry or
-- item when a link is inserted, rewritten on every link when the entry or item changes (including a
-- case's deletion, whose ON DELETE SET NULL is an update of the entry or item).
UPDATE "journal_entry_identifiers" AS l
SET "performed_at" = e."performed_at", "case_id" = e."case_id", "is_nullified" = e."is_nullified"
FROM "journal_entries" AS e WHERE e."id" = l."journal_entry_id";--> statement-breakpoint
UPDATE "evidence_identifiers" AS l
SET "evidence_created_at" = e."created_at", "case_id" = e."case_id", "has_file" = e."file_name" IS NOT NULL
FROM "evidence" AS e WHERE e."id" = l."evidence_id";--> statement-breakpoint
CREATE FUNCTION "journal_entry_identifiers_copy_entry"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT e."performed_at", e."case_id", e."is_nullified"
    INTO NEW."performed_at", NEW."case_id", NEW."is_nullified"
    FROM "journal_entries" AS e WHERE e."id" = NEW."journal_entry_id";
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "journal_entry_identifiers_copy_entry" BEFORE INSERT OR UPDATE OF "journal_entry_id" ON "journal_entry_identifiers"
  FOR EACH ROW EXECUTE FUNCTION "journal_entry_identifiers_copy_entry"();--> statement-breakpoint
CREATE FUNCTION "journal_entries_copy_to_identifier_links"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "journal_entry_identifiers"
    SET "performed_at" = NEW."performed_at", "case_id" = NEW."case_id", "is_nullified" = NEW."is_nullified"
    WHERE "journal_entry_id" = NEW."id";
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "journal_entries_copy_to_identifier_links" AFTER UPDATE OF "performed_at", "case_id", "is_nullified" ON "journal_entries"
  FOR EACH ROW WHEN (OLD."performed_at" IS DISTINCT FROM NEW."performed_at" OR OLD."case_id" IS DISTINCT FROM NEW."case_id"
    OR OLD."is_nullified" IS DISTINCT FROM NEW."is_nullified")
  EXECUTE FUNCTION "journal_entries_copy_to_identifier_links"();--> statement-breakpoint
CREATE FUNCTION "evidence_identifiers_copy_evidence"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT e."created_at", e."case_id", e."file_name" IS NOT NULL
    INTO NEW."evidence_created_at", NEW."case_id", NEW."has_file"
    FROM "evidence" AS e WHERE e."id" = NEW."evidence_id";
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "evidence_identifiers_copy_evidence" BEFORE INSERT OR UPDATE OF "evidence_id" ON "evidence_identifiers"
  FOR EACH ROW EXECUTE FUNCTION "evidence_identifiers_copy_evidence"();--> statement-breakpoint
CREATE FUNCTION "evidence_copy_to_identifier_links"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "evidence_identifiers"
    SET "evidence_created_at" = NEW."created_at", "case_id" = NEW."case_id", "has_file" = NEW."file_name" IS NOT NULL
    WHERE "evidence_id" = NEW."id";
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "evidence_copy_to_identifier_links" AFTER UPDATE OF "created_at", "case_id", "file_name" ON "evidence"
  FOR EACH ROW WHEN (OLD."created_at" IS DISTINCT FROM NEW."created_at" OR OLD."case_id" IS DISTINCT FROM NEW."case_id"
    OR (OLD."file_name" IS NULL) <> (NEW."file_name" IS NULL))
  EXECUTE FUNCTION "evidence_copy_to_identifier_links"();
