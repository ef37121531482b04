import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { UserBadges } from './parts';

/** The words of the badges, in order. */
const words = (html: string) =>
  [...html.matchAll(/<span class="inline-flex items-center rounded-full[^"]*">([^<]+)<\/span>/g)].map((m) => m[1]);
const badges = (isAdmin: boolean, isReadOnly: boolean, isStaff: boolean, isActive = true) =>
  words(renderToStaticMarkup(<UserBadges isAdmin={isAdmin} isReadOnly={isReadOnly} isStaff={isStaff} isActive={isActive} />));

describe('the admin portal’s user badges (the users table and the search results)', () => {
  it('say the role as User Management does: Staff is Staff, not User or Read Only (decision 116)', () => {
    expect(badges(true, false, false)).toEqual(['Admin', 'Active']);
    expect(badges(false, false, false)).toEqual(['User', 'Active']);
    expect(badges(false, true, false)).toEqual(['Read Only', 'Active']);
    expect(badges(false, true, true, false)).toEqual(['Staff', 'Inactive']);
    expect(badges(true, true, false)).toEqual(['Admin', 'Read Only', 'Active']);
  });
});
