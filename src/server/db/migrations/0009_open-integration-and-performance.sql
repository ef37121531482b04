CREATE TABLE "api_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"created_by" integer NOT NULL,
	"name" varchar(100) NOT NULL,
	"scope" varchar(10) NOT NULL,
	"token_hash" text NOT NULL,
	"prefix" varchar(12) NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "calendar_feeds" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"employee_id" integer,
	"token_hash" text NOT NULL,
	"include_notes" boolean DEFAULT false NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"content_hash" text,
	"content_changed_at" timestamp with time zone,
	"last_used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "request_id" varchar(100);--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_created_by_site_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."site_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_created_by_site_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."site_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "api_tokens_hash_unique" ON "api_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "api_tokens_site_idx" ON "api_tokens" USING btree ("site_id");--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feeds_token_unique" ON "calendar_feeds" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "calendar_feeds_site_idx" ON "calendar_feeds" USING btree ("site_id");--> statement-breakpoint
CREATE INDEX "exceptions_site_days_gist" ON "exceptions" USING gist (int8range(site_id::int8 * 8388608 + 4194304 + (start_date - '2000-01-01'::date), site_id::int8 * 8388608 + 4194304 + (end_date - '2000-01-01'::date), '[]'));--> statement-breakpoint
CREATE INDEX "notes_site_days_gist" ON "notes" USING gist (int8range(site_id::int8 * 8388608 + 4194304 + (start_date - '2000-01-01'::date), site_id::int8 * 8388608 + 4194304 + (end_date - '2000-01-01'::date), '[]'));