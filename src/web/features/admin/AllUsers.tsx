import { useState } from 'react';
import { useAllUsers } from './api';
import { Pager, QueryState, Section } from './parts';
import { UsersTable } from './UsersTable';

/** Every site user on the platform, by e-mail, a page at a time. */
export function AllUsers() {
  const [page, setPage] = useState(1);
  const users = useAllUsers(page);
  return (
    <Section title="Users">
      <QueryState pending={users.isPending} error={users.error} label="Loading users..." failed="Failed to fetch users" />
      {users.data ? (
        <>
          <UsersTable users={users.data.items} showSite />
          <Pager page={users.data.page} pageSize={users.data.pageSize} total={users.data.total} onPage={setPage} />
        </>
      ) : null}
    </Section>
  );
}
