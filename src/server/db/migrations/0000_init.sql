CREATE TABLE "businesses" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"domain" varchar(100),
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "data_management_settings" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"data_retention_days" integer DEFAULT 365 NOT NULL,
	"future_data_days" integer DEFAULT 730 NOT NULL,
	"last_data_cleanup" timestamp with time zone,
	"auto_cleanup_enabled" boolean DEFAULT true NOT NULL,
	CONSTRAINT "data_management_settings_site_id_unique" UNIQUE("site_id")
);
--> statement-breakpoint
CREATE TABLE "site_settings" (
	"site_id" integer PRIMARY KEY NOT NULL,
	"site_name" text DEFAULT 'Hoursight' NOT NULL,
	"business_name" text,
	"saturday_workday" boolean DEFAULT false NOT NULL,
	"saturday_hours" numeric(5, 2) DEFAULT 7.6 NOT NULL,
	"sunday_workday" boolean DEFAULT false NOT NULL,
	"sunday_hours" numeric(5, 2) DEFAULT 7.6 NOT NULL,
	"default_daily_hours" numeric(5, 2) DEFAULT 7.6 NOT NULL,
	"default_efficiency_rate" numeric(5, 2) DEFAULT 1 NOT NULL,
	"data_retention_days" integer DEFAULT 365 NOT NULL,
	"future_data_days" integer DEFAULT 730 NOT NULL,
	"sidebar_category_order" jsonb DEFAULT '["employees","notes","exceptions"]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sites" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_id" integer NOT NULL,
	"name" text NOT NULL,
	"subdomain" varchar(50) NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"subscription_status" varchar(20) DEFAULT 'trial' NOT NULL,
	"plan_type" varchar(20) DEFAULT 'starter' NOT NULL,
	"billing_model" varchar(30) DEFAULT 'self_service' NOT NULL,
	"stripe_customer_id" text,
	"stripe_subscription_id" text,
	"trial_ends_at" timestamp with time zone,
	"subscription_ends_at" timestamp with time zone,
	"max_employees" integer DEFAULT 10 NOT NULL,
	"max_sites" integer DEFAULT 1 NOT NULL,
	"features_enabled" text DEFAULT '[]' NOT NULL,
	"enterprise_contact_email" varchar(255),
	"hide_payment_controls" boolean DEFAULT false NOT NULL,
	"external_billing_reference" text,
	"accounting_notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscription_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"plan_id" integer,
	"status" varchar(30) NOT NULL,
	"payment_event_id" text,
	"metadata" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscription_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(50) NOT NULL,
	"description" text,
	"price_monthly" numeric(10, 2) NOT NULL,
	"price_yearly" numeric(10, 2) NOT NULL,
	"max_employees" integer NOT NULL,
	"max_sites" integer DEFAULT 1 NOT NULL,
	"features" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"stripe_price_id_monthly" text,
	"stripe_price_id_yearly" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_plans_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "login_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"ip" varchar(64) NOT NULL,
	"email" varchar(255) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_users" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"username" varchar(50) NOT NULL,
	"email" varchar(255) NOT NULL,
	"password_hash" text NOT NULL,
	"is_admin" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"is_read_only" boolean DEFAULT false NOT NULL,
	"reset_token" text,
	"reset_token_expires" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_login_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "super_admins" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" varchar(50) NOT NULL,
	"email" varchar(255) NOT NULL,
	"password_hash" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"reset_token" text,
	"reset_token_expires" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_login_at" timestamp with time zone,
	CONSTRAINT "super_admins_username_unique" UNIQUE("username"),
	CONSTRAINT "super_admins_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "user_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"current_site_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_site_permissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	"granted_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "day_changes" (
	"site_id" integer NOT NULL,
	"date" date NOT NULL,
	"default_hours" numeric(5, 2) DEFAULT 0 NOT NULL,
	"current_hours" numeric(5, 2) DEFAULT 0 NOT NULL,
	"authorised_hours" numeric(5, 2),
	"is_authorised" boolean DEFAULT false NOT NULL,
	"last_modified" timestamp with time zone DEFAULT now() NOT NULL,
	"authorised_by" integer,
	"authorised_at" timestamp with time zone,
	CONSTRAINT "day_changes_site_id_date_pk" PRIMARY KEY("site_id","date")
);
--> statement-breakpoint
CREATE TABLE "employees" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"name" text NOT NULL,
	"efficiency" integer DEFAULT 100 NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"monday_hours" numeric(5, 2) DEFAULT 7.6 NOT NULL,
	"tuesday_hours" numeric(5, 2) DEFAULT 7.6 NOT NULL,
	"wednesday_hours" numeric(5, 2) DEFAULT 7.6 NOT NULL,
	"thursday_hours" numeric(5, 2) DEFAULT 7.6 NOT NULL,
	"friday_hours" numeric(5, 2) DEFAULT 7.6 NOT NULL,
	"saturday_hours" numeric(5, 2) DEFAULT 0 NOT NULL,
	"sunday_hours" numeric(5, 2) DEFAULT 0 NOT NULL,
	"default_hours" numeric(5, 2) DEFAULT 7.6 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "employees_efficiency_range" CHECK ("employees"."efficiency" between 1 and 200)
);
--> statement-breakpoint
CREATE TABLE "exception_reasons" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_id" integer,
	"site_id" integer,
	"name" text NOT NULL,
	"color" varchar(20) DEFAULT '#3b82f6' NOT NULL,
	"is_additive" boolean DEFAULT false NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exception_reasons_one_owner" CHECK (("exception_reasons"."business_id" is null) <> ("exception_reasons"."site_id" is null))
);
--> statement-breakpoint
CREATE TABLE "exceptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"employee_id" integer NOT NULL,
	"reason_id" integer NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"is_full_day" boolean DEFAULT true NOT NULL,
	"hours" numeric(5, 2),
	"notes" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exceptions_span_order" CHECK ("exceptions"."end_date" >= "exceptions"."start_date")
);
--> statement-breakpoint
CREATE TABLE "notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"title" varchar(100) NOT NULL,
	"description" text,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"color" varchar(7) DEFAULT '#3b82f6' NOT NULL,
	"is_full_day" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notes_span_order" CHECK ("notes"."end_date" >= "notes"."start_date")
);
--> statement-breakpoint
CREATE TABLE "public_holidays" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"name" text NOT NULL,
	"date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bug_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer,
	"user_id" integer,
	"subject" varchar(200) NOT NULL,
	"details" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text NOT NULL,
	"status" varchar(10) DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "saved_notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"site_id" integer NOT NULL,
	"name" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"recipient_emails" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"digest_frequency" varchar(10) DEFAULT 'daily' NOT NULL,
	"send_time" varchar(5) DEFAULT '08:00' NOT NULL,
	"user_timezone" varchar(64) DEFAULT 'UTC' NOT NULL,
	"weekly_day" smallint DEFAULT 1 NOT NULL,
	"monthly_date" smallint DEFAULT 1 NOT NULL,
	"upcoming_exceptions_enabled" boolean DEFAULT true NOT NULL,
	"upcoming_exception_days" smallint DEFAULT 7 NOT NULL,
	"upcoming_exceptions_site_scope" varchar(10) DEFAULT 'current' NOT NULL,
	"upcoming_exceptions_selected_sites" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"upcoming_exceptions_include_notes" boolean DEFAULT false NOT NULL,
	"team_availability_enabled" boolean DEFAULT false NOT NULL,
	"team_availability_period" smallint DEFAULT 7 NOT NULL,
	"team_availability_site_scope" varchar(10) DEFAULT 'current' NOT NULL,
	"team_availability_selected_sites" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"last_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "data_management_settings" ADD CONSTRAINT "data_management_settings_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_settings" ADD CONSTRAINT "site_settings_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sites" ADD CONSTRAINT "sites_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_history" ADD CONSTRAINT "subscription_history_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_history" ADD CONSTRAINT "subscription_history_plan_id_subscription_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."subscription_plans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_users" ADD CONSTRAINT "site_users_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_sessions" ADD CONSTRAINT "user_sessions_user_id_site_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."site_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_sessions" ADD CONSTRAINT "user_sessions_current_site_id_sites_id_fk" FOREIGN KEY ("current_site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_site_permissions" ADD CONSTRAINT "user_site_permissions_user_id_site_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."site_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_site_permissions" ADD CONSTRAINT "user_site_permissions_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_site_permissions" ADD CONSTRAINT "user_site_permissions_granted_by_site_users_id_fk" FOREIGN KEY ("granted_by") REFERENCES "public"."site_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "day_changes" ADD CONSTRAINT "day_changes_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "day_changes" ADD CONSTRAINT "day_changes_authorised_by_site_users_id_fk" FOREIGN KEY ("authorised_by") REFERENCES "public"."site_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exception_reasons" ADD CONSTRAINT "exception_reasons_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exception_reasons" ADD CONSTRAINT "exception_reasons_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exceptions" ADD CONSTRAINT "exceptions_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exceptions" ADD CONSTRAINT "exceptions_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exceptions" ADD CONSTRAINT "exceptions_reason_id_exception_reasons_id_fk" FOREIGN KEY ("reason_id") REFERENCES "public"."exception_reasons"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "public_holidays" ADD CONSTRAINT "public_holidays_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bug_reports" ADD CONSTRAINT "bug_reports_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bug_reports" ADD CONSTRAINT "bug_reports_user_id_site_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."site_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_notifications" ADD CONSTRAINT "saved_notifications_user_id_site_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."site_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_notifications" ADD CONSTRAINT "saved_notifications_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sites_subdomain_unique" ON "sites" USING btree ("subdomain");--> statement-breakpoint
CREATE INDEX "sites_business_idx" ON "sites" USING btree ("business_id");--> statement-breakpoint
CREATE INDEX "subscription_history_site_idx" ON "subscription_history" USING btree ("site_id");--> statement-breakpoint
CREATE INDEX "login_attempts_ip_idx" ON "login_attempts" USING btree ("ip","created_at");--> statement-breakpoint
CREATE INDEX "login_attempts_email_idx" ON "login_attempts" USING btree ("email","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "site_users_site_username_unique" ON "site_users" USING btree ("site_id","username");--> statement-breakpoint
CREATE UNIQUE INDEX "site_users_site_email_unique" ON "site_users" USING btree ("site_id","email");--> statement-breakpoint
CREATE INDEX "site_users_email_idx" ON "site_users" USING btree ("email");--> statement-breakpoint
CREATE INDEX "user_sessions_user_idx" ON "user_sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_site_permissions_unique" ON "user_site_permissions" USING btree ("user_id","site_id");--> statement-breakpoint
CREATE INDEX "user_site_permissions_site_idx" ON "user_site_permissions" USING btree ("site_id");--> statement-breakpoint
CREATE INDEX "employees_site_order_idx" ON "employees" USING btree ("site_id","sort_order");--> statement-breakpoint
CREATE INDEX "exception_reasons_business_idx" ON "exception_reasons" USING btree ("business_id");--> statement-breakpoint
CREATE INDEX "exception_reasons_site_idx" ON "exception_reasons" USING btree ("site_id");--> statement-breakpoint
CREATE INDEX "exceptions_site_window_idx" ON "exceptions" USING btree ("site_id","start_date","end_date");--> statement-breakpoint
CREATE INDEX "exceptions_employee_idx" ON "exceptions" USING btree ("employee_id");--> statement-breakpoint
CREATE INDEX "exceptions_reason_idx" ON "exceptions" USING btree ("reason_id");--> statement-breakpoint
CREATE INDEX "notes_site_window_idx" ON "notes" USING btree ("site_id","start_date","end_date");--> statement-breakpoint
CREATE UNIQUE INDEX "public_holidays_site_date_name_unique" ON "public_holidays" USING btree ("site_id","date","name");--> statement-breakpoint
CREATE INDEX "mail_outbox_pending_idx" ON "mail_outbox" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "saved_notifications_site_idx" ON "saved_notifications" USING btree ("site_id");