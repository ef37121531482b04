import { describe, expect, it } from 'vitest';
import { ZLoginRequest } from '../../../shared/contracts/auth';
import { checkLogin, type LoginErrors, type LoginValues } from './login-form';

/** What the contract says about the same form values: the first message per field, or the parsed body. */
function viaContract(values: LoginValues) {
  const r = ZLoginRequest.safeParse(values);
  if (r.success) return { ok: true, body: r.data };
  const errors: LoginErrors = {};
  for (const issue of r.error.issues) {
    const field = issue.path[0] as keyof LoginErrors;
    errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}

const cases: LoginValues[] = [
  { email: '', password: '', siteIdentifier: '' },
  { email: 'admin@demo.test', password: 'x', siteIdentifier: '' },
  { email: '  Admin@Demo.TEST ', password: 'secret', siteIdentifier: '  ACME ' },
  { email: 'not-an-email', password: 'secret', siteIdentifier: '' },
  { email: 'a@b', password: 'secret', siteIdentifier: '' },
  { email: '.a@b.co', password: 'secret', siteIdentifier: '' },
  { email: 'a..b@b.co', password: 'secret', siteIdentifier: '' },
  { email: "o'neil+x@mail.example.org", password: 'p'.repeat(200), siteIdentifier: 'ab' },
  { email: 'a@b.co', password: 'p'.repeat(201), siteIdentifier: 'a' },
  { email: 'a@b.co', password: ' ', siteIdentifier: ' a ' },
  { email: 'a@b.co', password: 'pw', siteIdentifier: 's'.repeat(51) },
  { email: 'a@b.co', password: 'pw', siteIdentifier: 's'.repeat(50) },
  { email: 'a@b.co', password: 'pw', siteIdentifier: 'ac\tme' },
  { email: 'a@b.co', password: 'pw', siteIdentifier: 'x\u007f' },
  { email: 'a@b.co', password: 'pw', siteIdentifier: '   ' },
  { email: 'bad', password: '', siteIdentifier: 'x' },
];

describe('checkLogin', () => {
  it.each(cases)('answers as ZLoginRequest does for %j', (values) => {
    expect(checkLogin(values)).toEqual(viaContract(values));
  });
});
