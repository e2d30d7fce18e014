CREATE TABLE "evidence_chunks" (
	"content_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "evidence_chunks_content_id_seq_pk" PRIMARY KEY("content_id","seq")
);
--> statement-breakpoint
ALTER TABLE "evidence_blobs" ALTER COLUMN "bytes" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "evidence_blobs" ADD COLUMN "content_id" uuid;--> statement-breakpoint
CREATE INDEX "evidence_chunks_first_idx" ON "evidence_chunks" USING btree ("created_at") WHERE "evidence_chunks"."seq" = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "evidence_blobs_content_id_idx" ON "evidence_blobs" USING btree ("content_id");--> statement-breakpoint
ALTER TABLE "evidence_chunks" ALTER COLUMN "bytes" SET STORAGE PLAIN;--> statement-breakpoint
-- Bytes stored whole by earlier versions move into chunks of 8,000 bytes, one blob at a time (read
-- once into a variable, so a compressed value is not decompressed again for every chunk).
DO $$
DECLARE
  blob record;
  whole bytea;
  content uuid;
BEGIN
  FOR blob IN SELECT "sha256" FROM "evidence_blobs" WHERE "bytes" IS NOT NULL LOOP
    SELECT "bytes" INTO whole FROM "evidence_blobs" WHERE "sha256" = blob."sha256";
    content := gen_random_uuid();
    INSERT INTO "evidence_chunks" ("content_id", "seq", "bytes")
      SELECT content, n, substring(whole FROM n * 8000 + 1 FOR 8000)
      FROM generate_series(0, greatest(length(whole) - 1, 0) / 8000) AS n;
    UPDATE "evidence_blobs" SET "content_id" = content, "bytes" = NULL WHERE "sha256" = blob."sha256";
  END LOOP;
END $$;
