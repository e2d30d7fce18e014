-- The planner's row estimate for a query, read from its plan (EXPLAIN, nothing executed). A list
-- statement calls it beside its page, so the estimate of the total costs no statement of its own.
-- `query` is the list's own filter, written by the server with $1, $2 and $3 for `params` (text,
-- cast in the query where a column needs another type); unused ones are null. The parameter values
-- are known to the planner, so the estimate is the one a plan for these values would use. VOLATILE:
-- PostgreSQL refuses EXPLAIN in a function that claims less.
CREATE FUNCTION "plan_rows"("query" text, "params" text[]) RETURNS bigint LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  "plan" json;
BEGIN
  EXECUTE 'explain (format json) ' || "query" INTO "plan" USING "params"[1], "params"[2], "params"[3];
  RETURN round(("plan" -> 0 -> 'Plan' ->> 'Plan Rows')::float8);
END $$;
