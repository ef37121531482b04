import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { EmptyRow, TBody, THead, Table, Td, Th, Tr } from '../../components/ui/table';
import type { TAdminUser } from '../../../shared/contracts/super-admin';
import { EditUserDialog } from './EditUserDialog';
import { formatDate, UserBadges } from './parts';

export function UsersTable({ users, showSite }: { users: TAdminUser[]; showSite?: boolean }) {
  const [editing, setEditing] = useState<TAdminUser | null>(null);
  return (
    <>
      <Table>
        <THead>
          <Tr>
            <Th>User</Th>
            {showSite ? <Th className="hidden sm:table-cell">Site</Th> : null}
            <Th>Role</Th>
            <Th className="hidden md:table-cell">Last login</Th>
            <Th className="text-right">Actions</Th>
          </Tr>
        </THead>
        <TBody>
          {users.length === 0 ? <EmptyRow colSpan={showSite ? 5 : 4} text="No users." /> : null}
          {users.map((u) => (
            <Tr key={u.id}>
              <Td className="max-w-[14rem]">
                <span className="block truncate font-medium" title={u.email}>
                  {u.email}
                </span>
                <span className="block text-xs text-muted-foreground">{u.username}</span>
              </Td>
              {showSite ? <Td className="hidden sm:table-cell">{u.siteName}</Td> : null}
              <Td>
                <UserBadges {...u} />
              </Td>
              <Td className="hidden whitespace-nowrap md:table-cell">{formatDate(u.lastLoginAt)}</Td>
              <Td className="text-right">
                <Button size="sm" variant="outline" onClick={() => setEditing(u)} aria-label={`Edit user ${u.email}`}>
                  Edit
                </Button>
              </Td>
            </Tr>
          ))}
        </TBody>
      </Table>
      <EditUserDialog user={editing} onClose={() => setEditing(null)} />
    </>
  );
}
