ALTER TABLE "site_users" ADD COLUMN "is_staff" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "user_id" integer;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_user_id_site_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."site_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "employees_user_unique" ON "employees" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "site_users" ADD CONSTRAINT "site_users_staff_read_only" CHECK (not "site_users"."is_staff" or ("site_users"."is_read_only" and not "site_users"."is_admin"));