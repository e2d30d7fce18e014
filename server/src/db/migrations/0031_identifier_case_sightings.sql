CREATE TABLE "identifier_case_sightings" (
	"identifier_id" uuid NOT NULL,
	"case_id" uuid NOT NULL,
	"links" integer NOT NULL,
	CONSTRAINT "identifier_case_sightings_identifier_id_case_id_pk" PRIMARY KEY("identifier_id","case_id")
);
--> statement-breakpoint
ALTER TABLE "identifiers" ADD COLUMN "case_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "identifier_case_sightings" ADD CONSTRAINT "identifier_case_sightings_identifier_id_identifiers_id_fk" FOREIGN KEY ("identifier_id") REFERENCES "public"."identifiers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "identifiers_case_count_idx" ON "identifiers" USING btree ("case_count" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "identifiers"."case_count" > 0;--> statement-breakpoint
-- "Seen in most cases" (issue 37): each identifier's cases are kept as rows of identifier_case_sightings,
-- one per (identifier, case) with how many links put it there, and their number as identifiers.case_count.
-- A link counts while it names a case (and, for an entry's link, while the entry is not nullified). The
-- link tables' copies of case_id and is_nullified (migration 0009) change with the entry or item, so
-- these triggers on the link tables see every change: a link added or removed, an entry or item moved
-- to another case or out of one (a case's deletion sets it null), an entry nullified or restored.
CREATE FUNCTION "identifier_sighting_add"(identifier uuid, in_case uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  first_link boolean;
BEGIN
  INSERT INTO "identifier_case_sightings" AS s ("identifier_id", "case_id", "links")
    VALUES (identifier, in_case, 1)
    ON CONFLICT ("identifier_id", "case_id") DO UPDATE SET "links" = s."links" + 1
    RETURNING s."links" = 1 INTO first_link;
  IF first_link THEN
    UPDATE "identifiers" SET "case_count" = "case_count" + 1 WHERE "id" = identifier;
  END IF;
END;
$$;--> statement-breakpoint
CREATE FUNCTION "identifier_sighting_remove"(identifier uuid, in_case uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  left_links integer;
BEGIN
  UPDATE "identifier_case_sightings" SET "links" = "links" - 1
    WHERE "identifier_id" = identifier AND "case_id" = in_case
    RETURNING "links" INTO left_links;
  IF left_links IS NOT NULL AND left_links <= 0 THEN
    DELETE FROM "identifier_case_sightings" WHERE "identifier_id" = identifier AND "case_id" = in_case;
    UPDATE "identifiers" SET "case_count" = greatest("case_count" - 1, 0) WHERE "id" = identifier;
  END IF;
END;
$$;--> statement-breakpoint
CREATE FUNCTION "journal_entry_identifiers_sightings"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD."case_id" IS NOT NULL AND NOT OLD."is_nullified" THEN
    PERFORM "identifier_sighting_remove"(OLD."identifier_id", OLD."case_id");
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW."case_id" IS NOT NULL AND NOT NEW."is_nullified" THEN
    PERFORM "identifier_sighting_add"(NEW."identifier_id", NEW."case_id");
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "journal_entry_identifiers_sightings_insert" AFTER INSERT OR DELETE ON "journal_entry_identifiers"
  FOR EACH ROW EXECUTE FUNCTION "journal_entry_identifiers_sightings"();--> statement-breakpoint
CREATE TRIGGER "journal_entry_identifiers_sightings_update" AFTER UPDATE OF "identifier_id", "case_id", "is_nullified" ON "journal_entry_identifiers"
  FOR EACH ROW WHEN (OLD."identifier_id" IS DISTINCT FROM NEW."identifier_id" OR OLD."case_id" IS DISTINCT FROM NEW."case_id"
    OR OLD."is_nullified" IS DISTINCT FROM NEW."is_nullified")
  EXECUTE FUNCTION "journal_entry_identifiers_sightings"();--> statement-breakpoint
CREATE FUNCTION "evidence_identifiers_sightings"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD."case_id" IS NOT NULL THEN
    PERFORM "identifier_sighting_remove"(OLD."identifier_id", OLD."case_id");
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW."case_id" IS NOT NULL THEN
    PERFORM "identifier_sighting_add"(NEW."identifier_id", NEW."case_id");
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "evidence_identifiers_sightings_insert" AFTER INSERT OR DELETE ON "evidence_identifiers"
  FOR EACH ROW EXECUTE FUNCTION "evidence_identifiers_sightings"();--> statement-breakpoint
CREATE TRIGGER "evidence_identifiers_sightings_update" AFTER UPDATE OF "identifier_id", "case_id" ON "evidence_identifiers"
  FOR EACH ROW WHEN (OLD."identifier_id" IS DISTINCT FROM NEW."identifier_id" OR OLD."case_id" IS DISTINCT FROM NEW."case_id")
  EXECUTE FUNCTION "evidence_identifiers_sightings"();--> statement-breakpoint
INSERT INTO "identifier_case_sightings" ("identifier_id", "case_id", "links")
SELECT l."identifier_id", l."case_id", count(*)::int FROM (
  SELECT "identifier_id", "case_id" FROM "journal_entry_identifiers" WHERE "case_id" IS NOT NULL AND NOT "is_nullified"
  UNION ALL
  SELECT "identifier_id", "case_id" FROM "evidence_identifiers" WHERE "case_id" IS NOT NULL
) AS l GROUP BY l."identifier_id", l."case_id";--> statement-breakpoint
UPDATE "identifiers" AS i SET "case_count" = s."cases"
FROM (SELECT "identifier_id", count(*)::int AS "cases" FROM "identifier_case_sightings" GROUP BY "identifier_id") AS s
WHERE s."identifier_id" = i."id";
