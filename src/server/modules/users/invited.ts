/**
 * The password hash of an invited user who has not chosen a password yet (decision 091). Not an argon2
 * hash, so no password verifies against it (verifyPassword answers false for a malformed hash), and it
 * tells the user list who is still invited without a column of its own.
 */
export const INVITED_PASSWORD_HASH = '!invited';

export const isInvited = (passwordHash: string) => passwordHash === INVITED_PASSWORD_HASH;
