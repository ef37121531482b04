import { RuleTester } from 'eslint';
import { describe, it } from 'vitest';
import { siteScopeRule } from '../../../eslint-rules/site-scope.js';

RuleTester.describe = describe;
RuleTester.it = it;
const tester = new RuleTester({ languageOptions: { ecmaVersion: 2022, sourceType: 'module' } });
const compare = [{ messageId: 'compare' }];

// The rule that keeps tenant scope in auth/access.ts (decision record 015).
tester.run('hoursight/site-scope', siteScopeRule, {
  valid: [
    'db.select().from(employees).where(inSite(actor, employees.siteId))',
    'db.select().from(siteUsers).innerJoin(sites, siteJoin(sites.id, siteUsers.siteId))',
    'db.insert(notes).values({ siteId: actor.siteId })',
    'eq(employees.id, id)',
    'db.select().from(sites).where(inSiteId(siteId, sites.id))',
    'eq(site.id, other.id)',
    '/* why */ function unsafeGrantsOn(userId, ids) { return inArray(userSitePermissions.siteId, ids); }',
    'const unsafeAllSites = (id) => eq(sites.businessId, id) && eq(employees.siteId, id);',
    'sql`select pg_advisory_xact_lock(${a}::int, ${siteId}::int)`',
  ],
  invalid: [
    { code: 'db.select().from(employees).where(eq(employees.siteId, actor.siteId))', errors: compare },
    { code: 'eq(sites.id, actor.siteId)', errors: compare },
    { code: 'db.update(sites).set({ isActive }).where(eq(sites.id, id))', errors: compare },
    { code: 'db.select().from(sites).innerJoin(siteUsers, eq(sites.id, ticket.signInSiteId))', errors: compare },
    { code: 'and(eq(dayChanges.siteId, siteId), gte(dayChanges.date, d))', errors: compare },
    { code: 'notInArray(userSitePermissions.siteId, wanted)', errors: compare },
    { code: 'eq(row.site_id, 3)', errors: compare },
    { code: 'sql`select * from employees where site_id = ${id}`', errors: compare },
    { code: 'function safeLooking(id) { return eq(employees.siteId, id); }', errors: compare },
  ],
});
