ALTER TABLE "exception_reasons" ADD COLUMN "is_requestable" boolean DEFAULT true NOT NULL;--> statement-breakpoint
-- Decision 113: a type that adds hours (Overtime) is never time off to ask for.
UPDATE "exception_reasons" SET "is_requestable" = false WHERE "is_additive";--> statement-breakpoint
ALTER TABLE "exception_reasons" ADD CONSTRAINT "exception_reasons_requestable_not_additive" CHECK (not ("exception_reasons"."is_additive" and "exception_reasons"."is_requestable"));
