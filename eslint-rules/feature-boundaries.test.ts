import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, it } from 'vitest';
// @ts-expect-error -- a plain JavaScript ESLint rule without type declarations
import rule from './feature-boundaries.js';

RuleTester.describe = describe;
RuleTester.it = it;

const tester = new RuleTester({ languageOptions: { parser: tseslint.parser, ecmaVersion: 2022, sourceType: 'module' } });
const calendarDialog = '/repo/src/web/features/calendar/dialogs/ExceptionForm.tsx';
const employeesPage = '/repo/src/web/features/employees/EmployeesPage.tsx';

tester.run('feature-boundaries', rule, {
  valid: [
    { filename: calendarDialog, code: "import { isValidDay } from '../dates';" },
    { filename: calendarDialog, code: "import { RangeField } from './RangeField';" },
    { filename: calendarDialog, code: "import { useMe } from '../../../lib/session';" },
    { filename: calendarDialog, code: "import { Button } from '../../../components/ui/button';" },
    { filename: calendarDialog, code: "import { ZExceptionRequest } from '../../../../shared/contracts/exceptions';" },
    { filename: employeesPage, code: "import { useQuery } from '@tanstack/react-query';" },
    { filename: '/repo/src/web/app/Layout.tsx', code: "import { useLogout } from '../features/auth/api';" },
  ],
  invalid: [
    { filename: employeesPage, code: "import { useMe } from '../auth/api';", errors: [{ messageId: 'outside' }] },
    { filename: calendarDialog, code: "import { useMe } from '../../auth/api';", errors: [{ messageId: 'outside' }] },
    { filename: employeesPage, code: "import { Header } from '../../app/header/Header';", errors: [{ messageId: 'outside' }] },
    { filename: employeesPage, code: "export { useMe } from '../auth/api';", errors: [{ messageId: 'outside' }] },
    { filename: employeesPage, code: "const page = import('../users/UserManagementPage');", errors: [{ messageId: 'outside' }] },
  ],
});
