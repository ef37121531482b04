import { describe, expect, it } from 'vitest';
import { COMMON_PASSWORDS_TEXT } from './common-passwords';
import { passwordProblem } from './password-policy';

const COMMON = 'This password is one of the most common passwords. Please choose a less common one.';
const PERSONAL = 'Password must not be your email address or site identifier';
const owner = { email: 'Jo.Bloggs@Example.com', siteIdentifier: 'acme-hq' };

describe('passwordProblem (decision 065)', () => {
  it('ships exactly 10,000 entries, most common first', () => {
    const lines = COMMON_PASSWORDS_TEXT.split('\n');
    expect(lines).toHaveLength(10_000);
    expect(lines.slice(0, 3)).toEqual(['123456', 'password', '12345678']);
  });

  it('refuses common passwords whatever their case or surrounding spaces', async () => {
    for (const p of ['password', 'PASSWORD', 'Qwerty123', ' iloveyou ', 'trustno1', 'dragon'])
      expect(await passwordProblem(p, owner), p).toBe(COMMON);
  });

  it('refuses the e-mail, its local part and the site identifier', async () => {
    for (const p of ['jo.bloggs@example.com', 'JO.BLOGGS', 'Acme-HQ']) expect(await passwordProblem(p, owner), p).toBe(PERSONAL);
  });

  it('accepts an uncommon password that merely contains the identifiers', async () => {
    expect(await passwordProblem('jo.bloggs-acme-hq-2031', owner)).toBeUndefined();
    expect(await passwordProblem('violet-kettle-42', { email: 'ops@example.com' })).toBeUndefined();
  });
});
