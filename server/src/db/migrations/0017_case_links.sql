CREATE TABLE "case_links" (
	"case_a_id" uuid NOT NULL,
	"case_b_id" uuid NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"originator_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "case_links_case_a_id_case_b_id_pk" PRIMARY KEY("case_a_id","case_b_id"),
	CONSTRAINT "case_links_order_check" CHECK ("case_links"."case_a_id" < "case_links"."case_b_id")
);
--> statement-breakpoint
ALTER TABLE "case_links" ADD CONSTRAINT "case_links_case_a_id_cases_id_fk" FOREIGN KEY ("case_a_id") REFERENCES "public"."cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_links" ADD CONSTRAINT "case_links_case_b_id_cases_id_fk" FOREIGN KEY ("case_b_id") REFERENCES "public"."cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_links" ADD CONSTRAINT "case_links_originator_id_originators_id_fk" FOREIGN KEY ("originator_id") REFERENCES "public"."originators"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "case_links_b_idx" ON "case_links" USING btree ("case_b_id");