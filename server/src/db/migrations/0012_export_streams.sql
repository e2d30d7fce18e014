CREATE TABLE "export_streams" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"topics" text[] NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_by" uuid,
	"last_read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "export_streams_status_check" CHECK ("export_streams"."status" in ('active', 'paused')),
	CONSTRAINT "export_streams_topics_check" CHECK (cardinality("export_streams"."topics") > 0)
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "tx_id" "xid8" DEFAULT pg_current_xact_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "export_streams" ADD CONSTRAINT "export_streams_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "export_streams_name_lower_idx" ON "export_streams" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "events_stream_order_idx" ON "events" USING btree ("tx_id","id");--> statement-breakpoint
CREATE FUNCTION "notify_events_written"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Delivered when the writing transaction commits, once per transaction: export-stream readers
  -- waiting for events (GET /api/export-streams/{id}/events?wait=) read again.
  PERFORM pg_notify('scamtrail_events', '');
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "events_notify_written" AFTER INSERT ON "events" FOR EACH STATEMENT EXECUTE FUNCTION "notify_events_written"();
