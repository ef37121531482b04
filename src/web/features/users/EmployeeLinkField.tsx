import { Combobox } from '../../components/ui/combobox';
import { FieldError } from '../../components/ui/input';
import { useListQuery } from '../../lib/list-query';
import { MESSAGES } from '../../lib/messages';

/**
 * The employee a user is (decision 091): the site's employees no one else is linked to, and "Not linked".
 * `value` is an employee id or null.
 */
export function EmployeeLinkField({
  id,
  userId,
  value,
  onChange,
  error,
}: {
  id: string;
  /** The user being edited (their own employee stays offered); none when adding. */
  userId?: number;
  value: number | null;
  onChange: (employeeId: number | null) => void;
  error?: string;
}) {
  const employees = useListQuery('GET /api/employees', MESSAGES.lists.employees);
  const free = (employees.data ?? []).filter((e) => e.userId == null || e.userId === userId);
  const options = free.map((e) => ({ value: String(e.id), label: e.name }));
  return (
    <div className="space-y-1">
      {/* A site may have hundreds of employees: a searchable combobox, not a long select (decision 115). */}
      <Combobox
        id={id}
        label="Employee"
        options={options}
        value={value === null ? null : String(value)}
        onChange={(v) => onChange(v === null ? null : Number(v))}
        noneLabel="Not linked"
        placeholder="Not linked"
        emptyText="No employee matches"
        invalid={!!error}
        describedBy={`${id}-help ${id}-error`}
      />
      <p id={`${id}-help`} className="text-xs text-muted-foreground">
        {employees.isError
          ? 'The employees could not be loaded.'
          : 'The person this user is on the calendar: Staff request time off for them. Employees linked to another user are not listed.'}
      </p>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
