import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, it } from 'vitest';
import { siteIdMintRule } from '../../../eslint-rules/site-id-mint.js';

RuleTester.describe = describe;
RuleTester.it = it;
const tester = new RuleTester({ languageOptions: { parser: tseslint.parser, ecmaVersion: 2022, sourceType: 'module' } });
const cast = [{ messageId: 'cast' }];
const mint = [{ messageId: 'mint' }];
const service = 'src/server/modules/employees/service.ts';

// Only the gate makes a site id that scopes a tenant query, each minting point only where its name says (decision record 074).
tester.run('hoursight/site-id-mint', siteIdMintRule, {
  valid: [
    { code: 'const mint = (siteId: number): ActorSiteId => siteId as ActorSiteId;', filename: 'src/server/auth/access.ts' },
    { code: 'refreshRecorded(tx, actor.siteId, now);', filename: service },
    { code: 'const n = actor.siteId as number;', filename: service },
    { code: 'const a: Actor = requireUser(req);', filename: service },
    { code: 'const row = found(rows[0], "Employee") as ActorRow;', filename: service },
    { code: "import { siteIdForJob } from '../../auth/access';", filename: 'src/server/modules/data-maintenance/service.ts' },
    { code: "import { siteIdForPlatformOperator } from '../../auth/access';", filename: 'src/server/modules/super-admin/change-routes.ts' },
    { code: "import { siteIdForStripeEvent } from '../../auth/access';", filename: 'src/server/modules/subscriptions/webhooks.ts' },
    { code: "import { siteIdForFixture } from '../../src/server/auth/access';", filename: 'tests/integration/plan-limits.int.test.ts' },
    { code: "import { sitesOfActorBusiness } from '../../auth/access';", filename: service },
  ],
  invalid: [
    { code: 'readDays(db, req.params.id as ActorSiteId, days);', filename: service, errors: cast },
    { code: 'const ids = body.siteIds as unknown as ActorSiteId[];', filename: service, errors: cast },
    { code: 'const site = <ActorSiteId>id;', filename: 'src/server/modules/employees/other.ts', errors: cast },
    { code: 'const site = id as access.ActorSiteId;', filename: service, errors: cast },
    { code: 'const site = { id } as { id: PermittedSiteId };', filename: service, errors: cast },
    { code: 'const site = id satisfies ActorSiteId;', filename: service, errors: cast },
    { code: 'listEmployees(db, { ...actor, siteId: req.body.siteId } as Actor);', filename: service, errors: cast },
    { code: 'const scope = { sites: [{ id: 9, name: "x" }] } as unknown as SiteScope;', filename: service, errors: cast },
    { code: 'inSiteId(5 as ActorSiteId, sites.id);', filename: 'tests/integration/tenancy.int.test.ts', errors: cast },
    { code: "import { siteIdForJob } from '../../auth/access';", filename: 'src/server/modules/employees/routes.ts', errors: mint },
    { code: "import { siteIdForFixture } from '../../auth/access';", filename: 'src/server/modules/reports/service.ts', errors: mint },
    {
      code: "import { siteIdForPlatformOperator as op } from '../auth/access';",
      filename: 'src/server/modules/sites/routes.ts',
      errors: mint,
    },
    { code: 'access.siteIdForFeed(row);', filename: 'src/server/modules/calendar/service.ts', errors: mint },
    { code: "import { siteIdForStripeEvent } from './access';", filename: 'src/server/modules/subscriptions/payments.ts', errors: mint },
  ],
});
