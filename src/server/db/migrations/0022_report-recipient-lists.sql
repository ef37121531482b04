CREATE TABLE "report_recipient_lists" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"name" varchar(60),
	"addresses" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "report_recipient_lists" ADD CONSTRAINT "report_recipient_lists_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_recipient_lists" ADD CONSTRAINT "report_recipient_lists_user_id_site_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."site_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_recipient_lists_owner_idx" ON "report_recipient_lists" USING btree ("site_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "report_recipient_lists_name_unique" ON "report_recipient_lists" USING btree ("site_id","user_id",lower("name")) WHERE "report_recipient_lists"."name" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "report_recipient_lists_last_used_unique" ON "report_recipient_lists" USING btree ("site_id","user_id") WHERE "report_recipient_lists"."name" is null;