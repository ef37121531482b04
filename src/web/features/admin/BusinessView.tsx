import { ArrowLeft, Plus } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { PageHeader } from '../../components/ui/page';
import { EmptyRow, TBody, THead, Table, Td, Th, Tr } from '../../components/ui/table';
import type { TAdminSite } from '../../../shared/contracts/super-admin';
import type { AdminView } from './view';
import { useBusiness } from './api';
import { AuditLog } from './AuditLog';
import { CreateSiteDialog } from './CreateSiteDialog';
import { EditSiteDialog } from './EditSiteDialog';
import { QueryState, Section, SiteStatusBadge, StatCard, SubscriptionBadge } from './parts';
import { tabList, tabTrigger } from './tabs';
import { UsersTable } from './UsersTable';

export function BackButton({ onBack, to }: { onBack: () => void; to: string }) {
  return (
    <Button variant="ghost" size="sm" onClick={onBack} className="mb-3 -ml-2">
      <ArrowLeft className="h-4 w-4" aria-hidden />
      Back to {to}
    </Button>
  );
}

function SitesTable({ sites, onOpen, onEdit }: { sites: TAdminSite[]; onOpen: (s: TAdminSite) => void; onEdit: (s: TAdminSite) => void }) {
  return (
    <Table>
      <THead>
        <Tr>
          <Th>Site</Th>
          <Th>Subscription</Th>
          <Th className="hidden sm:table-cell">Plan</Th>
          <Th>Status</Th>
          <Th className="hidden text-right sm:table-cell">Users</Th>
          <Th className="text-right">Actions</Th>
        </Tr>
      </THead>
      <TBody>
        {sites.length === 0 ? <EmptyRow colSpan={6} text="No sites." /> : null}
        {sites.map((s) => (
          <Tr key={s.id}>
            <Td>
              <button type="button" className="text-left font-medium text-link hover:underline" onClick={() => onOpen(s)}>
                {s.name}
              </button>
              <span className="block text-xs text-muted-foreground">{s.subdomain}</span>
            </Td>
            <Td>
              <SubscriptionBadge status={s.subscriptionStatus} />
            </Td>
            <Td className="hidden capitalize sm:table-cell">{s.planType}</Td>
            <Td>
              <SiteStatusBadge isActive={s.isActive} />
            </Td>
            <Td className="hidden text-right tabular-nums sm:table-cell">{s.userCount}</Td>
            <Td className="text-right">
              <Button size="sm" variant="outline" onClick={() => onEdit(s)} aria-label={`Edit site ${s.name}`}>
                Edit
              </Button>
            </Td>
          </Tr>
        ))}
      </TBody>
    </Table>
  );
}

export function BusinessView({ businessId, onBack, onOpen }: { businessId: number; onBack: () => void; onOpen: (v: AdminView) => void }) {
  const business = useBusiness(businessId);
  const [editing, setEditing] = useState<TAdminSite | null>(null);
  const [creating, setCreating] = useState(false);
  const b = business.data;
  return (
    <>
      <BackButton onBack={onBack} to="overview" />
      <QueryState
        pending={business.isPending}
        error={business.error}
        label="Loading business..."
        failed="Failed to fetch business details"
      />
      {b ? (
        <>
          <PageHeader
            title={b.name}
            subtitle="Business"
            actions={
              <Button onClick={() => setCreating(true)}>
                <Plus className="h-4 w-4" aria-hidden />
                Add Site
              </Button>
            }
          />
          <div className="mb-5 grid grid-cols-2 gap-3 sm:grid-cols-4">
            <StatCard label="Total sites" value={b.totalSites} />
            <StatCard label="Active sites" value={b.activeSites} />
            <StatCard label="Total users" value={b.totalUsers} />
            <StatCard label="Admin users" value={b.adminUsers} />
          </div>
          <Tabs.Root defaultValue="sites">
            <Tabs.List className={tabList} aria-label="Business">
              <Tabs.Trigger value="sites" className={tabTrigger}>
                Sites
              </Tabs.Trigger>
              <Tabs.Trigger value="users" className={tabTrigger}>
                Users
              </Tabs.Trigger>
              <Tabs.Trigger value="audit" className={tabTrigger}>
                Audit log
              </Tabs.Trigger>
            </Tabs.List>
            <Tabs.Content value="sites">
              <Section title="Sites">
                <SitesTable sites={b.sites} onOpen={(s) => onOpen({ kind: 'site', businessId, siteId: s.id })} onEdit={setEditing} />
              </Section>
            </Tabs.Content>
            <Tabs.Content value="users">
              <Section title="Users">
                <UsersTable users={b.users} showSite />
              </Section>
            </Tabs.Content>
            <Tabs.Content value="audit">
              <AuditLog businessId={businessId} />
            </Tabs.Content>
          </Tabs.Root>
          <EditSiteDialog site={editing} onClose={() => setEditing(null)} />
          <CreateSiteDialog businessId={businessId} open={creating} onOpenChange={setCreating} />
        </>
      ) : null}
    </>
  );
}
