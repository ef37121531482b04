ALTER TABLE "site_users" ADD COLUMN "is_staff" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "user_id" integer;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_user_id_site_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."site_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "employees_user_unique" ON "employees" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "site_users" ADD CONSTRAINT "site_users_staff_read_only" CHECK (not "site_users"."is_staff" or ("site_users"."is_read_only" and not "site_users"."is_admin"));--> statement-breakpoint
-- The session carries is_staff and the linked employee (decision 091): a change to either, by any path,
-- empties every instance's cached sessions of that user (decision 048's recheck).
DROP TRIGGER site_users_recheck ON site_users;
--> statement-breakpoint
CREATE TRIGGER site_users_recheck AFTER DELETE OR UPDATE OF site_id, username, email, is_admin, is_active, is_read_only, is_staff, password_hash ON site_users
  FOR EACH ROW EXECUTE FUNCTION hoursight_session_recheck();
--> statement-breakpoint
CREATE FUNCTION hoursight_employee_link_recheck() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.user_id IS NOT NULL THEN
    PERFORM pg_notify('hoursight_live', json_build_object('t', 'recheck', 'uid', OLD.user_id)::text);
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.user_id IS NOT NULL THEN
    PERFORM pg_notify('hoursight_live', json_build_object('t', 'recheck', 'uid', NEW.user_id)::text);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER employees_link_recheck AFTER INSERT OR DELETE OR UPDATE OF user_id, site_id ON employees
  FOR EACH ROW EXECUTE FUNCTION hoursight_employee_link_recheck();
