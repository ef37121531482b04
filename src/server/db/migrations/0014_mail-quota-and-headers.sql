ALTER TABLE "mail_outbox" ADD COLUMN "site_id" integer;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "outside_recipients" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "headers" jsonb;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_outbox_site_created_idx" ON "mail_outbox" USING btree ("site_id","created_at");