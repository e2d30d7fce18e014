ALTER TABLE "identifier_versions" DROP CONSTRAINT "identifier_versions_identifier_id_version_at_pk";--> statement-breakpoint
ALTER TABLE "identifier_versions" ADD CONSTRAINT "identifier_versions_identifier_id_version_at_deleted_pk" PRIMARY KEY("identifier_id","version_at","deleted");--> statement-breakpoint
-- TAXII (issue 40): a change of an identifier's value may change its STIX id (the id is the value's).
-- The object it was is then withdrawn as at a deletion: beside the new version, a tombstone of the old
-- row at the change's time (the new updated_at), written when the type or the data other than the
-- notes change (a notes edit keeps the id). The TAXII reader marks a tombstone whose object the new
-- version still is (stix_id ''), so only a real change of id withdraws. Still one insert per statement.
CREATE OR REPLACE FUNCTION "identifier_versions_record"() RETURNS trigger LANGUAGE plpgsql AS $$
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
    INSERT INTO "identifier_versions" ("identifier_id", "version_at", "type", "data", "confidence", "deleted")
      SELECT x."identifier_id", n."updated_at", x."type", x."data", x."confidence", x."deleted"
      FROM new_rows n INNER JOIN old_rows o ON o."id" = n."id"
      CROSS JOIN LATERAL (VALUES
        (n."id", n."type", n."data", n."confidence", false),
        (o."id", o."type", o."data", o."confidence", true)
      ) AS x("identifier_id", "type", "data", "confidence", "deleted")
      WHERE n."updated_at" IS DISTINCT FROM o."updated_at"
        AND (NOT x."deleted" OR n."type" <> o."type" OR (n."data" - 'notes') IS DISTINCT FROM (o."data" - 'notes'))
      ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- The changes made before: a tombstone of each version whose successor changed more than its notes.
INSERT INTO "identifier_versions" ("identifier_id", "version_at", "type", "data", "confidence", "deleted")
  SELECT c."identifier_id", c."version_at", c."previous_type", c."previous_data", c."previous_confidence", true
  FROM (
    SELECT v."identifier_id", v."version_at", v."type", v."data",
      lag(v."type") OVER w AS "previous_type", lag(v."data") OVER w AS "previous_data",
      lag(v."confidence") OVER w AS "previous_confidence"
    FROM "identifier_versions" v
    WHERE NOT v."deleted"
    WINDOW w AS (PARTITION BY v."identifier_id" ORDER BY v."version_at")
  ) c
  WHERE c."previous_type" IS NOT NULL
    AND (c."type" <> c."previous_type" OR (c."data" - 'notes') IS DISTINCT FROM (c."previous_data" - 'notes'))
  ON CONFLICT DO NOTHING;
