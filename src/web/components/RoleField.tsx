import { USER_ROLES, type UserRole } from '../../shared/contracts/users';

/** What each role may do, in the words the dialogs show under it. */
export const ROLE_HELP: Record<UserRole, string> = {
  admin: 'Everything, including users, sites and the subscription.',
  readOnlyAdmin: 'Sees everything an admin sees, changes nothing.',
  regular: 'Uses the calendar, employees and reports.',
  readOnly: 'Sees the calendar, employees and reports; changes nothing.',
  staff: 'Sees the calendar and requests their own time off. Link them to their employee below.',
};

/** The roles offered, one choice each; a read-only admin is offered only to keep one that exists. */
export const rolesOffered = (current?: UserRole): UserRole[] =>
  (['admin', 'regular', 'readOnly', 'staff'] as UserRole[]).concat(current === 'readOnlyAdmin' ? ['readOnlyAdmin'] : []);

/** The role as one choice of radio buttons (decision 091), each with what it may do; User Management and the admin portal (decision 116). */
export function RoleField({
  idPrefix,
  value,
  onChange,
  offered,
  disabled,
  help = ROLE_HELP,
}: {
  idPrefix: string;
  value: UserRole;
  onChange: (role: UserRole) => void;
  offered: UserRole[];
  disabled?: boolean;
  /** What each role may do, where a screen says it otherwise (the admin portal has no employee field). */
  help?: Record<UserRole, string>;
}) {
  return (
    <fieldset className="space-y-2" disabled={disabled}>
      <legend className="mb-1 text-sm font-medium">Role</legend>
      {offered.map((role) => {
        const id = `${idPrefix}-role-${role}`;
        return (
          <label
            key={role}
            htmlFor={id}
            className={`flex items-start gap-3 rounded-md border border-border px-3 py-2 ${disabled ? 'cursor-not-allowed bg-muted/50' : 'cursor-pointer hover:bg-muted/60'}`}
          >
            <input
              id={id}
              type="radio"
              name={`${idPrefix}-role`}
              value={role}
              checked={value === role}
              onChange={() => onChange(role)}
              aria-labelledby={`${id}-label`}
              aria-describedby={`${id}-help`}
              className="mt-0.5 h-4 w-4 shrink-0 accent-primary"
            />
            <span className="min-w-0 text-sm">
              <span id={`${id}-label`} className="font-medium">
                {USER_ROLES[role].label}
              </span>
              <span id={`${id}-help`} className="block text-xs text-muted-foreground">
                {help[role]}
              </span>
            </span>
          </label>
        );
      })}
    </fieldset>
  );
}

/** The flags of a role, as the user calls send them. */
export const flagsOf = (role: UserRole) => {
  const { isAdmin, isReadOnly, isStaff } = USER_ROLES[role];
  return { isAdmin, isReadOnly, isStaff };
};
