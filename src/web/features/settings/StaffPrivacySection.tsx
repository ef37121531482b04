import type { SettingsForm } from './form';
import { ReadOnlyNote, Section, Toggle } from './parts';

interface Props {
  form: SettingsForm;
  set: (patch: Partial<SettingsForm>) => void;
  isAdmin: boolean;
}

/** What Staff see of colleagues' absences (decision 106): "Away" by default; the type only where an admin says so. */
export function StaffPrivacySection({ form, set, isAdmin }: Props) {
  return (
    <Section
      id="staff-privacy-heading"
      title="What Staff See"
      description="Staff see a colleague's absence as “Away”, never its notes or hours. Their own absences they see in full."
    >
      <Toggle
        id="show-absence-types"
        label="Show absence types to staff"
        checked={form.showAbsenceTypesToStaff}
        onChange={(v) => set({ showAbsenceTypesToStaff: v })}
        disabled={!isAdmin}
      />
      <p className="mt-2 text-xs text-muted-foreground">
        When on, staff see the type of a colleague&apos;s absence, such as Annual Leave, but never a sickness type: those marked Sickness
        under Manage Exception Types, or named like one, stay “Away”.
      </p>
      {isAdmin ? null : <ReadOnlyNote>Only an admin can change this.</ReadOnlyNote>}
    </Section>
  );
}
