import { userMessages } from '../../../shared/contracts/users';
import { AppError } from '../../../shared/errors';

export interface RoleFlags {
  isAdmin: boolean;
  isReadOnly: boolean;
  isStaff: boolean;
}

/**
 * The flags a create or update asks for, checked against the role ladder of decision 091 before the
 * database's own check constraint could refuse them with a message nobody can act on. `isReadOnly` left
 * out follows `isStaff`, so `{ isStaff: true }` alone makes a Staff user.
 */
export function roleFlags(input: { isAdmin?: boolean; isReadOnly?: boolean; isStaff?: boolean }): RoleFlags {
  const isStaff = input.isStaff ?? false;
  const isAdmin = input.isAdmin ?? false;
  const isReadOnly = input.isReadOnly ?? isStaff;
  if (isStaff && isAdmin) throw new AppError('BAD_REQUEST', userMessages.staffAdmin);
  if (isStaff && !isReadOnly) throw new AppError('BAD_REQUEST', userMessages.staffReadOnly);
  return { isAdmin, isReadOnly, isStaff };
}
