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
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="text-sm font-medium">
        Employee
      </label>
      <select
        id={id}
        className="h-9 w-full rounded-md border border-input bg-card px-2 text-sm text-foreground focus-visible:outline-2 focus-visible:outline-ring"
        value={value ?? ''}
        aria-invalid={!!error}
        aria-describedby={`${id}-help ${id}-error`}
        onChange={(e) => onChange(e.target.value === '' ? null : Number(e.target.value))}
      >
        <option value="">Not linked</option>
        {free.map((e) => (
          <option key={e.id} value={e.id}>
            {e.name}
          </option>
        ))}
      </select>
      <p id={`${id}-help`} className="text-xs text-muted-foreground">
        {employees.isError
          ? 'The employees could not be loaded.'
          : 'The person this user is on the calendar: Staff request time off for them. Employees linked to another user are not listed.'}
      </p>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
