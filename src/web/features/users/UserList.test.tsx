import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { TSiteUser } from '../../../shared/contracts/users';
import { UserList } from './UserList';

const user = (id: number, email: string, role: Pick<TSiteUser, 'isAdmin' | 'isReadOnly' | 'isStaff'>): TSiteUser => ({
  id,
  username: email.split('@')[0]!,
  email,
  ...role,
  isActive: true,
  employee: null,
  invited: false,
  lastLoginAt: null,
  createdAt: '2030-01-15T12:00:00.000Z',
  isSelf: false,
});

/** The words of each row's badges, in order. */
const badgesByRow = (html: string) =>
  [...html.matchAll(/<li aria-label="([^"]+)"[\s\S]*?<\/li>/g)].map(([row, email]) => [
    email,
    [...row.matchAll(/<span class="inline-flex items-center rounded-full[^"]*">([^<]+)<\/span>/g)].map((m) => m[1]),
  ]);

describe('User Management badges (spec §6)', () => {
  it('name each role as the spec does: Admin, User, Read Only, Staff; a read-only admin is Admin and Read Only', () => {
    const html = renderToStaticMarkup(
      <UserList
        users={[
          user(1, 'admin@x.example', { isAdmin: true, isReadOnly: false, isStaff: false }),
          user(2, 'user@x.example', { isAdmin: false, isReadOnly: false, isStaff: false }),
          user(3, 'viewer@x.example', { isAdmin: false, isReadOnly: true, isStaff: false }),
          user(4, 'staff@x.example', { isAdmin: false, isReadOnly: true, isStaff: true }),
          user(5, 'looker@x.example', { isAdmin: true, isReadOnly: true, isStaff: false }),
        ]}
        canChange
        busyId={null}
        onToggle={() => {}}
        onManage={() => {}}
        onEdit={() => {}}
      />,
    );
    expect(badgesByRow(html)).toEqual([
      ['admin@x.example', ['Admin', 'Active']],
      ['user@x.example', ['User', 'Active']],
      ['viewer@x.example', ['Read Only', 'Active']],
      ['staff@x.example', ['Staff', 'Active']],
      ['looker@x.example', ['Admin', 'Read Only', 'Active']],
    ]);
  });
});
