import { describe, expect, it } from 'vitest';
import { COMMON_PASSWORDS_TEXT } from './common-passwords';
import { passwordProblem, spellings } from './password-policy';

const COMMON = 'This password is one of the most common passwords. Please choose a less common one.';
const PERSONAL = 'Password must not be your email address or site identifier';
const GUESSABLE = 'Password must not be Hoursight, your business name or the demo password';
const BLANK = 'Password must not be only spaces';
const SHORT = 'Password must be at least 6 characters';
const owner = { email: 'Jo.Bloggs@Example.com', siteIdentifier: 'acme-hq', businessName: 'Acme Widgets Ltd', siteName: 'Acme North' };

describe('passwordProblem (decisions 065, 105)', () => {
  it('ships exactly 10,000 entries, most common first', () => {
    const lines = COMMON_PASSWORDS_TEXT.split('\n');
    expect(lines).toHaveLength(10_000);
    expect(lines.slice(0, 3)).toEqual(['123456', 'password', '12345678']);
  });

  it('refuses common passwords whatever their case or surrounding spaces', async () => {
    for (const p of ['password', 'PASSWORD', 'Qwerty123', ' iloveyou ', 'trustno1', 'dragon'])
      expect(await passwordProblem(p, owner), p).toBe(COMMON);
  });

  it('refuses common passwords behind leet-speak and a tail of digits or signs', async () => {
    for (const p of ['P@ssw0rd', 'p4$$w0rd', 'P@ssw0rd1', 'Dr@g0n2024!', 'M0nk3y!!', 'sunsh1ne', 'football99', '\u200Bletmein\u200B!'])
      expect(await passwordProblem(p, owner), p).toBe(COMMON);
  });

  it('refuses the e-mail, its local part and the site identifier, also spelt another way', async () => {
    for (const p of ['jo.bloggs@example.com', 'JO.BLOGGS', 'Acme-HQ', 'jobloggs1', 'acme_hq!', 'J0.Bl0ggs'])
      expect(await passwordProblem(p, owner), p).toBe(PERSONAL);
  });

  it('refuses the product’s name, the demo password and the business’s and site’s names', async () => {
    for (const p of ['Hoursight', 'H0URS1GHT', 'hoursight2025!', ' Hoursight ', 'hoursight-demo', 'Hoursight Demo', 'h0ursight_dem0'])
      expect(await passwordProblem(p, { email: 'ops@example.com' }), p).toBe(GUESSABLE);
    for (const p of ['acme widgets ltd', 'AcmeWidgetsLtd1', 'Acme-North', '4cme n0rth!'])
      expect(await passwordProblem(p, owner), p).toBe(GUESSABLE);
  });

  it('counts the password as stored: only spaces or invisible characters are blank, and the minimum holds without them', async () => {
    expect(await passwordProblem('      ', owner)).toBe(BLANK);
    expect(await passwordProblem('\u200B\u200B\u3000\u00A0\uFEFF\u200D', owner)).toBe(BLANK);
    expect(await passwordProblem('  abc  ', owner)).toBe(SHORT);
    expect(await passwordProblem('ab\u200Bcd\u200Be', owner)).toBe(SHORT);
  });

  it('accepts an uncommon password that merely contains the names', async () => {
    expect(await passwordProblem('jo.bloggs-acme-hq-2031', owner)).toBeUndefined();
    expect(await passwordProblem('violet-kettle-42', { email: 'ops@example.com' })).toBeUndefined();
    expect(await passwordProblem('Hoursight is my favourite tool 2031', owner)).toBeUndefined();
    expect(await passwordProblem('acme widgets rota 77', owner)).toBeUndefined();
    expect(await passwordProblem('  correct horse battery staple  ', owner)).toBeUndefined();
  });
});

describe('spellings', () => {
  it('as typed, leet folded (1 as i and as l), and the stem before a tail of digits or signs', () => {
    expect([...spellings('p@ssw0rd1')].sort()).toEqual(['p@ssw0rd1', 'passwordi', 'passwordl', 'p@ssw0rd', 'password', 'password1'].sort());
    expect([...spellings('dragon')]).toEqual(['dragon']);
    expect([...spellings('h1!')].sort()).toEqual(['h1!', 'hii', 'hli', 'h', 'h1!'].filter((v, i, a) => a.indexOf(v) === i).sort());
  });
});
