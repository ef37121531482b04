CREATE TABLE "admin_audit_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"super_admin_id" integer,
	"super_admin_email" varchar(255) NOT NULL,
	"business_id" integer,
	"entity" varchar(20) NOT NULL,
	"entity_id" integer NOT NULL,
	"action" varchar(40) NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "super_admin_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"super_admin_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bug_reports" ADD COLUMN "status" varchar(20) DEFAULT 'open' NOT NULL;--> statement-breakpoint
ALTER TABLE "admin_audit_log" ADD CONSTRAINT "admin_audit_log_super_admin_id_super_admins_id_fk" FOREIGN KEY ("super_admin_id") REFERENCES "public"."super_admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "super_admin_sessions" ADD CONSTRAINT "super_admin_sessions_super_admin_id_super_admins_id_fk" FOREIGN KEY ("super_admin_id") REFERENCES "public"."super_admins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_audit_log_business_idx" ON "admin_audit_log" USING btree ("business_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "admin_audit_log_created_idx" ON "admin_audit_log" USING btree ("created_at" desc);--> statement-breakpoint
CREATE INDEX "super_admin_sessions_admin_idx" ON "super_admin_sessions" USING btree ("super_admin_id");--> statement-breakpoint
CREATE INDEX "businesses_name_idx" ON "businesses" USING btree (lower("name"),"id");--> statement-breakpoint
CREATE INDEX "sites_name_idx" ON "sites" USING btree ("name","id");