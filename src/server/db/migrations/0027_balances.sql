CREATE TABLE "allowance_policies" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"unit" varchar(5) NOT NULL,
	"entitlement_hours" numeric(7, 2) DEFAULT 0 NOT NULL,
	"full_time_weekly_hours" numeric(5, 2) DEFAULT 38 NOT NULL,
	"entitlement_days" numeric(5, 2) DEFAULT 0 NOT NULL,
	"full_week_days" smallint DEFAULT 5 NOT NULL,
	"year_start_month" smallint DEFAULT 1 NOT NULL,
	"accrual" varchar(7) DEFAULT 'upfront' NOT NULL,
	"carry_over_cap_hours" numeric(7, 2),
	"carry_over_expiry_month" smallint,
	"carry_over_expiry_day" smallint,
	"first_leave_year" integer NOT NULL,
	"updated_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "allowance_policies_unit" CHECK ("allowance_policies"."unit" in ('hours', 'days')),
	CONSTRAINT "allowance_policies_accrual" CHECK ("allowance_policies"."accrual" in ('upfront', 'monthly')),
	CONSTRAINT "allowance_policies_month" CHECK ("allowance_policies"."year_start_month" between 1 and 12),
	CONSTRAINT "allowance_policies_expiry" CHECK (("allowance_policies"."carry_over_expiry_month" is null) = ("allowance_policies"."carry_over_expiry_day" is null))
);
--> statement-breakpoint
CREATE TABLE "balance_adjustments" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"employee_id" integer NOT NULL,
	"date" date NOT NULL,
	"hours" numeric(7, 2) NOT NULL,
	"reason" text NOT NULL,
	"created_by_user_id" integer,
	"created_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "start_date" date;--> statement-breakpoint
ALTER TABLE "exception_reasons" ADD COLUMN "counts_against_allowance" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "allowance_policies" ADD CONSTRAINT "allowance_policies_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "allowance_policies" ADD CONSTRAINT "allowance_policies_updated_by_user_id_site_users_id_fk" FOREIGN KEY ("updated_by_user_id") REFERENCES "public"."site_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "balance_adjustments" ADD CONSTRAINT "balance_adjustments_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "balance_adjustments" ADD CONSTRAINT "balance_adjustments_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "balance_adjustments" ADD CONSTRAINT "balance_adjustments_created_by_user_id_site_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."site_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "allowance_policies_site_unique" ON "allowance_policies" USING btree ("site_id");--> statement-breakpoint
CREATE INDEX "balance_adjustments_employee_idx" ON "balance_adjustments" USING btree ("site_id","employee_id","date");--> statement-breakpoint
ALTER TABLE "exception_reasons" ADD CONSTRAINT "exception_reasons_allowance_not_additive" CHECK (not ("exception_reasons"."is_additive" and "exception_reasons"."counts_against_allowance"));--> statement-breakpoint
-- The starter Annual Leave type takes allowance, as it does in new businesses (decision 095); nothing is counted until a site has a policy.
UPDATE "exception_reasons" SET "counts_against_allowance" = true WHERE "name" = 'Annual Leave' AND "business_id" IS NOT NULL AND NOT "is_additive";
