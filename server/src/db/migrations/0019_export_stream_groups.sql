-- Which cases an export stream carries: those of no group, and those of the groups in group_ids. Streams
-- that exist already get the empty list, so they carry the cases of no group only: an administrator
-- chooses the groups each of them should carry again, rather than every API key with export.view
-- keeping the grouped cases it could read before.
ALTER TABLE "export_streams" ADD COLUMN "group_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL;
