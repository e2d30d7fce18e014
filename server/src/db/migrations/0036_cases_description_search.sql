-- The case list's search reads the description as well as the title: a trigram index on each.
CREATE INDEX "cases_description_trgm_idx" ON "cases" USING gin ("description" gin_trgm_ops);