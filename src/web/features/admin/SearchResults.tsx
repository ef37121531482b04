import { TBody, THead, Table, Td, Th, Tr } from '../../components/ui/table';
import type { AdminView } from './view';
import { useSearch } from './api';
import { QueryState, Section, SiteStatusBadge, SubscriptionBadge, UserBadges } from './parts';

const link = 'text-left font-medium text-link hover:underline';

/** Spec §3 "Search result": businesses, sites and users matching part of a name or e-mail. */
export function SearchResults({ q, onOpen }: { q: string; onOpen: (v: AdminView) => void }) {
  const search = useSearch(q, 'all');
  const r = search.data;
  const none = r && r.businesses.length + r.sites.length + r.users.length === 0;
  return (
    <div className="space-y-4" aria-live="polite">
      <QueryState pending={search.isPending} error={search.error} label="Searching..." failed="Search failed" />
      {none ? <p className="py-6 text-center text-sm text-muted-foreground">No businesses, sites or users match “{q}”.</p> : null}
      {r && r.businesses.length > 0 ? (
        <Section title={`Businesses (${r.businesses.length})`}>
          <Table>
            <TBody>
              {r.businesses.map((b) => (
                <Tr key={b.id}>
                  <Td>
                    <button type="button" className={link} onClick={() => onOpen({ kind: 'business', businessId: b.id })}>
                      {b.name}
                    </button>
                  </Td>
                  <Td className="text-right text-muted-foreground">
                    {b.siteCount} sites · {b.userCount} users
                  </Td>
                </Tr>
              ))}
            </TBody>
          </Table>
        </Section>
      ) : null}
      {r && r.sites.length > 0 ? (
        <Section title={`Sites (${r.sites.length})`}>
          <Table>
            <TBody>
              {r.sites.map((s) => (
                <Tr key={s.id}>
                  <Td>
                    <button type="button" className={link} onClick={() => onOpen({ kind: 'site', businessId: s.businessId, siteId: s.id })}>
                      {s.name}
                    </button>
                    <span className="block text-xs text-muted-foreground">
                      {s.subdomain} · {s.businessName}
                    </span>
                  </Td>
                  <Td className="text-right">
                    <span className="inline-flex gap-1">
                      <SubscriptionBadge status={s.subscriptionStatus} />
                      <SiteStatusBadge isActive={s.isActive} />
                    </span>
                  </Td>
                </Tr>
              ))}
            </TBody>
          </Table>
        </Section>
      ) : null}
      {r && r.users.length > 0 ? (
        <Section title={`Users (${r.users.length})`}>
          <Table>
            <THead>
              <Tr>
                <Th>User</Th>
                <Th>Site</Th>
                <Th className="hidden sm:table-cell">Role</Th>
              </Tr>
            </THead>
            <TBody>
              {r.users.map((u) => (
                <Tr key={u.id}>
                  <Td>
                    <button type="button" className={link} onClick={() => onOpen({ kind: 'business', businessId: u.businessId })}>
                      {u.email}
                    </button>
                    <span className="block text-xs text-muted-foreground">{u.username}</span>
                  </Td>
                  <Td>{u.siteName}</Td>
                  <Td className="hidden sm:table-cell">
                    <UserBadges {...u} />
                  </Td>
                </Tr>
              ))}
            </TBody>
          </Table>
        </Section>
      ) : null}
    </div>
  );
}
