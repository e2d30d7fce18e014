CREATE TABLE "identifier_versions" (
	"identifier_id" uuid NOT NULL,
	"version_at" timestamp with time zone NOT NULL,
	"type" text NOT NULL,
	"data" jsonb NOT NULL,
	"confidence" real,
	"deleted" boolean DEFAULT false NOT NULL,
	"stix_id" text,
	CONSTRAINT "identifier_versions_identifier_id_version_at_pk" PRIMARY KEY("identifier_id","version_at")
);
--> statement-breakpoint
CREATE INDEX "identifier_versions_stix_idx" ON "identifier_versions" USING btree ("stix_id","version_at");--> statement-breakpoint
CREATE INDEX "identifier_versions_deleted_idx" ON "identifier_versions" USING btree ("version_at","identifier_id") WHERE "identifier_versions"."deleted";--> statement-breakpoint
CREATE INDEX "identifier_versions_unmapped_idx" ON "identifier_versions" USING btree ("version_at") WHERE "identifier_versions"."stix_id" is null;--> statement-breakpoint
CREATE INDEX "identifiers_updated_idx" ON "identifiers" USING btree ("updated_at","id");--> statement-breakpoint
-- TAXII (issue 40): every version of an identifier a collection serves, and a tombstone when it is
-- deleted, written by the database in the statement that writes the identifier, whatever the path
-- (one insert per statement, from its transition table). A version is a value of updated_at: an update
-- that leaves it (a case count, a search text) is no new version.
CREATE FUNCTION "identifier_versions_record"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    INSERT INTO "identifier_versions" ("identifier_id", "version_at", "type", "data", "confidence", "deleted")
      SELECT o."id", greatest(clock_timestamp(), o."updated_at" + interval '1 microsecond'), o."type",
        o."data", o."confidence", true
      FROM old_rows o
      ON CONFLICT DO NOTHING;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO "identifier_versions" ("identifier_id", "version_at", "type", "data", "confidence")
      SELECT n."id", n."updated_at", n."type", n."data", n."confidence" FROM new_rows n
      ON CONFLICT DO NOTHING;
  ELSE
    INSERT INTO "identifier_versions" ("identifier_id", "version_at", "type", "data", "confidence")
      SELECT n."id", n."updated_at", n."type", n."data", n."confidence"
      FROM new_rows n INNER JOIN old_rows o ON o."id" = n."id"
      WHERE n."updated_at" IS DISTINCT FROM o."updated_at"
      ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "identifier_versions_on_insert" AFTER INSERT ON "identifiers"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "identifier_versions_record"();--> statement-breakpoint
CREATE TRIGGER "identifier_versions_on_update" AFTER UPDATE ON "identifiers"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "identifier_versions_record"();--> statement-breakpoint
CREATE TRIGGER "identifier_versions_on_delete" AFTER DELETE ON "identifiers"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "identifier_versions_record"();--> statement-breakpoint
-- The identifiers stored before: their current version.
INSERT INTO "identifier_versions" ("identifier_id", "version_at", "type", "data", "confidence")
  SELECT "id", "updated_at", "type", "data", "confidence" FROM "identifiers";
