-- Finer statistics for display values. The planner's row estimate of a substring search comes from the
-- column histogram, and the identifier list relies on it twice: to answer it (flagged) instead of an
-- exact count when it is far beyond the count cap, and to sort the few matches of a rare term instead
-- of walking the newest-first index. At the default target of 100 an estimate moves in steps of 1% of
-- the table (10,000 rows in a million); at 1000 in steps of 0.1%, so "smith" is estimated at 26,000
-- instead of 20,000 for 28,000 matches, and "ab" at 1,000 instead of 10,000 for 1,900.
ALTER TABLE "identifiers" ALTER COLUMN "display_value" SET STATISTICS 1000;
