import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { PageHeader } from '../../components/ui/page';
import { toast } from '../../components/ui/toast';
import { useSiteDetail, useToggleSite } from './api';
import { BackButton } from './BusinessView';
import { EditSiteDialog } from './EditSiteDialog';
import { QueryState, Section, SiteStatusBadge, SubscriptionBadge, formatDate } from './parts';
import { failure } from './token';
import { UsersTable } from './UsersTable';

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
      <dd className="mt-0.5 text-sm break-words">{children}</dd>
    </div>
  );
}

export function SiteView({ siteId, onBack }: { siteId: number; onBack: () => void }) {
  const site = useSiteDetail(siteId);
  const toggle = useToggleSite();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const s = site.data;

  const onToggle = async () => {
    try {
      const { isActive } = await toggle.mutateAsync(siteId);
      toast({ title: isActive ? 'Site re-activated' : 'Site suspended', variant: 'success' });
    } catch (err) {
      toast({ title: 'Update failed', description: failure('Failed to update site', err), variant: 'destructive' });
    } finally {
      setConfirming(false);
    }
  };

  return (
    <>
      <BackButton onBack={onBack} to="business" />
      <QueryState pending={site.isPending} error={site.error} label="Loading site..." failed="Failed to fetch business details" />
      {s ? (
        <>
          <PageHeader
            title={s.name}
            subtitle={`${s.businessName} · ${s.subdomain}`}
            actions={
              <>
                <Button variant="outline" onClick={() => setEditing(true)}>
                  Edit Site
                </Button>
                <Button variant={s.isActive ? 'destructive' : 'primary'} onClick={() => setConfirming(true)}>
                  {s.isActive ? 'Suspend Site' : 'Activate Site'}
                </Button>
              </>
            }
          />
          <dl className="mb-5 grid grid-cols-2 gap-4 rounded-lg border border-border bg-card p-4 sm:grid-cols-4">
            <Field label="Status">
              <SiteStatusBadge isActive={s.isActive} />
            </Field>
            <Field label="Subscription">
              <SubscriptionBadge status={s.subscriptionStatus} />
            </Field>
            <Field label="Plan">
              <span className="capitalize">{s.planType}</span>
            </Field>
            <Field label="Billing">{s.billingModel === 'enterprise_managed' ? 'Enterprise managed' : 'Self service'}</Field>
            <Field label="Trial ends">{formatDate(s.trialEndsAt)}</Field>
            <Field label="Enterprise contact">{s.enterpriseContactEmail ?? '—'}</Field>
            <Field label="External billing reference">{s.externalBillingReference ?? '—'}</Field>
            <Field label="Payment controls">{s.hidePaymentControls ? 'Hidden' : 'Shown'}</Field>
            {s.accountingNotes ? (
              <div className="col-span-2 sm:col-span-4">
                <Field label="Accounting notes">{s.accountingNotes}</Field>
              </div>
            ) : null}
          </dl>
          <Section title={`Users (${s.users.length})`}>
            <UsersTable users={s.users} />
          </Section>
          <EditSiteDialog site={editing ? s : null} onClose={() => setEditing(false)} />
          <ConfirmDialog
            open={confirming}
            onOpenChange={setConfirming}
            title={s.isActive ? 'Suspend this site?' : 'Re-activate this site?'}
            description={
              s.isActive
                ? `${s.name}'s users will be signed out at once and cannot sign in until the site is re-activated.`
                : `${s.name}'s users will be able to sign in again.`
            }
            confirmText={s.isActive ? 'Suspend Site' : 'Activate Site'}
            destructive={s.isActive}
            busy={toggle.isPending}
            onConfirm={() => void onToggle()}
          />
        </>
      ) : null}
    </>
  );
}
