CREATE TABLE "stix_producer" (
	"singleton" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"identity_id" uuid NOT NULL,
	"extension_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created" timestamp with time zone NOT NULL,
	"modified" timestamp with time zone NOT NULL,
	CONSTRAINT "stix_producer_singleton" CHECK ("stix_producer"."singleton")
);
--> statement-breakpoint
-- The TAXII Indicators' ids were UUIDv5s of the identifier and the time its run of versions began;
-- STIX 2.1 §2.9 says an SDO's id SHOULD be a UUIDv4. Each Indicator id held gets one random UUIDv4,
-- the same for every version of it (and for the tombstone that revokes it), so an Indicator keeps
-- one id across its versions; the reader draws new Indicators' ids at random from now on.
UPDATE "identifier_versions" v SET "stix_id" = m."new_id"
FROM (
  SELECT d."old_id", 'indicator--' || gen_random_uuid()::text AS "new_id"
  FROM (SELECT DISTINCT "stix_id" AS "old_id" FROM "identifier_versions" WHERE "stix_id" LIKE 'indicator--%') d
) m
WHERE v."stix_id" = m."old_id";
