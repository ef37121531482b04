CREATE TABLE "site_data_marks" (
	"site_id" integer NOT NULL,
	"slot" smallint NOT NULL,
	"mark" uuid DEFAULT gen_random_uuid() NOT NULL,
	CONSTRAINT "site_data_marks_site_id_slot_pk" PRIMARY KEY("site_id","slot")
);
--> statement-breakpoint
ALTER TABLE "site_data_marks" ADD CONSTRAINT "site_data_marks_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;