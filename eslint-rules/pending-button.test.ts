import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, it } from 'vitest';
// @ts-expect-error -- a plain JavaScript ESLint rule without type declarations
import rule from './pending-button.js';

RuleTester.describe = describe;
RuleTester.it = it;

const tester = new RuleTester({
  languageOptions: { parser: tseslint.parser, ecmaVersion: 2022, sourceType: 'module', parserOptions: { ecmaFeatures: { jsx: true } } },
});

tester.run('pending-button', rule, {
  valid: [
    { code: '<PendingButton pending={add.isPending}>Add Holiday</PendingButton>' },
    { code: '<Button disabled={index === 0}>Up</Button>' },
    { code: '<Button disabled={!stripe || !elements}>Pay</Button>' },
    { code: '<Input disabled={busy} />' },
    { code: '<Button aria-disabled={isPending || undefined}>Authorise</Button>' },
    { code: '<button disabled>Never</button>' },
  ],
  invalid: [
    {
      code: '<Button type="submit" disabled={add.isPending}>Add</Button>',
      errors: [{ messageId: 'pending', data: { name: 'isPending' } }],
    },
    { code: '<button disabled={busy}>Go</button>', errors: [{ messageId: 'pending', data: { name: 'busy' } }] },
    { code: '<Button disabled={!dirty || invalid || save.isPending}>Save</Button>', errors: [{ messageId: 'pending' }] },
    { code: '<SubscribeButton disabled={saving} />', errors: [{ messageId: 'pending', data: { name: 'saving' } }] },
    { code: '<A.Action disabled={busy}>Delete</A.Action>', errors: [{ messageId: 'pending' }] },
    { code: '<Button disabled={isSubmitting}>Sign In</Button>', errors: [{ messageId: 'pending' }] },
    { code: '<Button disabled={renewing}>Renew</Button>', errors: [{ messageId: 'pending' }] },
  ],
});
