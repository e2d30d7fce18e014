-- The TAXII collection serves each identifier as a STIX Indicator (9650309); before, it served the
-- observable, and a version's stix_id held that observable's id. Those ids are forgotten here so the
-- feed computes the Indicators' ids on its next read ('' marks a version with no object and is kept).
UPDATE "identifier_versions" SET "stix_id" = NULL WHERE "stix_id" <> '' AND "stix_id" NOT LIKE 'indicator--%';
