ALTER TABLE "data_management_settings" ADD COLUMN "holiday_country" varchar(3);--> statement-breakpoint
ALTER TABLE "data_management_settings" ADD COLUMN "holiday_state" varchar(10);