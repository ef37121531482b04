CREATE TABLE "site_staff_versions" (
	"site_id" integer PRIMARY KEY NOT NULL,
	"version" uuid DEFAULT gen_random_uuid() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "site_staff_versions" ADD CONSTRAINT "site_staff_versions_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The server keeps each site's staff list for the hours engine between requests (decision 054), and may use
-- its copy only while the site's version is the one it kept it with. Every insert, update or delete of
-- employees gives their sites a new random version in the same transaction, so a statement that reads the
-- version and the staff always sees a matching pair. Random rather than a counter, so a restored or copied
-- database cannot present a value the server kept for a different list.
INSERT INTO "site_staff_versions" ("site_id") SELECT "id" FROM "sites";
--> statement-breakpoint
CREATE FUNCTION hoursight_staff_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Rows that left a site (deleted, or moved away): its version changes if it still has one. No insert here:
  -- when the site itself is being deleted its row is gone, and inserting one would break the foreign key.
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE site_staff_versions SET version = gen_random_uuid() WHERE site_id IN (SELECT site_id FROM old_rows);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO site_staff_versions (site_id) SELECT DISTINCT site_id FROM new_rows
      ON CONFLICT (site_id) DO UPDATE SET version = gen_random_uuid();
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER employees_staff_inserted AFTER INSERT ON employees REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION hoursight_staff_changed();
--> statement-breakpoint
CREATE TRIGGER employees_staff_updated AFTER UPDATE ON employees REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION hoursight_staff_changed();
--> statement-breakpoint
CREATE TRIGGER employees_staff_deleted AFTER DELETE ON employees REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION hoursight_staff_changed();
