import { userMessages } from '../../../shared/contracts/users';
import { AppError } from '../../../shared/errors';

export interface RoleFlags {
  isAdmin: boolean;
  isReadOnly: boolean;
  isStaff: boolean;
}

const NO_ROLE: RoleFlags = { isAdmin: false, isReadOnly: false, isStaff: false };

/**
 * The flags a create or update asks for, checked against the role ladder of decision 091 before the
 * database's own check constraint could refuse them with a message nobody can act on. A flag left out keeps
 * `current` (none on create), except `isReadOnly`, which is true with Staff: `{ isStaff: true }` alone makes
 * a Staff user.
 */
export function roleFlags(input: { isAdmin?: boolean; isReadOnly?: boolean; isStaff?: boolean }, current = NO_ROLE): RoleFlags {
  const isStaff = input.isStaff ?? current.isStaff;
  const isAdmin = input.isAdmin ?? current.isAdmin;
  const isReadOnly = input.isReadOnly ?? (isStaff || current.isReadOnly);
  if (isStaff && isAdmin) throw new AppError('BAD_REQUEST', userMessages.staffAdmin);
  if (isStaff && !isReadOnly) throw new AppError('BAD_REQUEST', userMessages.staffReadOnly);
  return { isAdmin, isReadOnly, isStaff };
}
