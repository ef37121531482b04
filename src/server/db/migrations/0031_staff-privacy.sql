ALTER TABLE "site_settings" ADD COLUMN "show_absence_types_to_staff" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "exception_reasons" ADD COLUMN "is_sickness" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Existing types whose names say sickness get the flag they count by anyway (decision 106), so the screen shows it.
UPDATE "exception_reasons" SET "is_sickness" = true WHERE "name" ~* '(sick|illness|\mill\M|medical|doctor|hospital|injur)';
