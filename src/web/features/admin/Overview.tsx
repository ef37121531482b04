import { Tabs } from 'radix-ui';
import { useState } from 'react';
import { PageHeader } from '../../components/ui/page';
import { SearchBox } from '../../components/ui/search-box';
import { EmptyRow, TBody, THead, Table, Td, Th, Tr } from '../../components/ui/table';
import type { AdminView } from './view';
import { useBusinesses, useStats } from './api';
import { AllUsers } from './AllUsers';
import { BugReports } from './BugReports';
import { Pager, QueryState, Section, StatCard, formatDate } from './parts';
import { SearchResults } from './SearchResults';
import { tabList, tabTrigger } from './tabs';
import { useDebounced } from './useDebounced';

function BusinessList({ onOpen }: { onOpen: (v: AdminView) => void }) {
  const [page, setPage] = useState(1);
  const list = useBusinesses(page);
  return (
    <Section title="Businesses">
      <QueryState pending={list.isPending} error={list.error} label="Loading businesses..." failed="Failed to fetch businesses" />
      {list.data ? (
        <>
          <Table>
            <THead>
              <Tr>
                <Th>Business</Th>
                <Th className="text-right">Sites</Th>
                <Th className="hidden text-right sm:table-cell">Active</Th>
                <Th className="hidden text-right sm:table-cell">Paid</Th>
                <Th className="text-right">Users</Th>
                <Th className="hidden md:table-cell">Created</Th>
              </Tr>
            </THead>
            <TBody>
              {list.data.items.length === 0 ? <EmptyRow colSpan={6} text="No businesses yet." /> : null}
              {list.data.items.map((b) => (
                <Tr key={b.id}>
                  <Td>
                    <button
                      type="button"
                      className="text-left font-medium text-link hover:underline"
                      onClick={() => onOpen({ kind: 'business', businessId: b.id })}
                    >
                      {b.name}
                    </button>
                  </Td>
                  <Td className="text-right tabular-nums">{b.siteCount}</Td>
                  <Td className="hidden text-right tabular-nums sm:table-cell">{b.activeSites}</Td>
                  <Td className="hidden text-right tabular-nums sm:table-cell">{b.paidSites}</Td>
                  <Td className="text-right tabular-nums">{b.userCount}</Td>
                  <Td className="hidden md:table-cell">{formatDate(b.createdAt)}</Td>
                </Tr>
              ))}
            </TBody>
          </Table>
          <Pager page={list.data.page} pageSize={list.data.pageSize} total={list.data.total} onPage={setPage} />
        </>
      ) : null}
    </Section>
  );
}

export function Overview({ onOpen }: { onOpen: (v: AdminView) => void }) {
  const stats = useStats();
  const [query, setQuery] = useState('');
  const q = useDebounced(query.trim());
  const s = stats.data;
  return (
    <>
      <PageHeader title="Admin Portal" subtitle="Every business, site and user on the platform" />
      <div className="mb-5 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
        <StatCard label="Businesses" value={s?.businesses} />
        <StatCard label="Sites" value={s?.sites} />
        <StatCard label="Active sites" value={s?.activeSites} />
        <StatCard label="Paid sites" value={s?.paidSites} />
        <StatCard label="Users" value={s?.users} />
        <StatCard label="Trials ending in 7 days" value={s?.trialsEndingSoon} />
      </div>
      <SearchBox
        label="Search businesses, sites and users"
        placeholder="Search businesses, sites, users..."
        value={query}
        onChange={setQuery}
      />
      {q ? (
        <SearchResults q={q} onOpen={onOpen} />
      ) : (
        <Tabs.Root defaultValue="businesses">
          <Tabs.List className={tabList} aria-label="Overview">
            <Tabs.Trigger value="businesses" className={tabTrigger}>
              Businesses
            </Tabs.Trigger>
            <Tabs.Trigger value="users" className={tabTrigger}>
              Users
            </Tabs.Trigger>
            <Tabs.Trigger value="bugs" className={tabTrigger}>
              Bug reports
            </Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="businesses">
            <BusinessList onOpen={onOpen} />
          </Tabs.Content>
          <Tabs.Content value="users">
            <AllUsers />
          </Tabs.Content>
          <Tabs.Content value="bugs">
            <BugReports />
          </Tabs.Content>
        </Tabs.Root>
      )}
    </>
  );
}
