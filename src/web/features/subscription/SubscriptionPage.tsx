import { Building2, CheckCircle2, CircleDashed, FlaskConical, Settings2, TimerOff } from 'lucide-react';
import { useState } from 'react';
import { FEATURES, subscriptionMessages, type TSubscriptionStatusResponse } from '../../../shared/contracts/subscriptions';
import { Badge } from '../../components/ui/badge';
import { Button, PendingButton } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { PageHeader, Spinner } from '../../components/ui/page';
import { useEnableBeta, useEndTrial, useSubscriptionStatus, useUpdateTrialSettings } from './api';
import { featureName, formatDate, limit, planName, statusName, statusTone, trialText } from './format';
import { PlanChoices } from './PlanChoices';
import { TrialSettingsDialog } from './TrialSettingsDialog';

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{label}</dt>
      <dd className="mt-0.5 text-sm font-medium">{children}</dd>
    </div>
  );
}

function StatusCard({ s }: { s: TSubscriptionStatusResponse }) {
  const trial = trialText(s);
  return (
    <section aria-label="Subscription status" className="rounded-lg border border-border bg-card p-4">
      <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5">
        <Fact label="Status">
          <Badge tone={statusTone(s.subscriptionStatus)}>{statusName(s.subscriptionStatus)}</Badge>
        </Fact>
        <Fact label="Plan">{planName(s.planType)}</Fact>
        <Fact label="Trial">
          {trial ?? 'No trial running'}
          {s.isTrialActive && s.trialEndsAt ? (
            <span className="block text-xs font-normal text-muted-foreground">Ends {formatDate(s.trialEndsAt)}</span>
          ) : null}
        </Fact>
        <Fact label="Employees">{limit(s.maxEmployees, 'employee', 'employees')}</Fact>
        <Fact label="Sites">{limit(s.maxSites, 'site', 'sites')}</Fact>
        {s.subscriptionEndsAt ? <Fact label="Paid until">{formatDate(s.subscriptionEndsAt)}</Fact> : null}
      </dl>
    </section>
  );
}

function FeaturesCard({ s }: { s: TSubscriptionStatusResponse }) {
  return (
    <section aria-labelledby="features-title" className="rounded-lg border border-border bg-card p-4">
      <h2 id="features-title" className="text-base font-semibold">
        Features
      </h2>
      <ul className="mt-2 grid gap-1.5 sm:grid-cols-2 lg:grid-cols-4">
        {FEATURES.map((f) => {
          const on = s.featuresEnabled.includes(f);
          return (
            <li key={f} className={on ? 'flex items-center gap-2 text-sm' : 'flex items-center gap-2 text-sm text-muted-foreground'}>
              {on ? (
                <CheckCircle2 className="h-4 w-4 text-green-600 dark:text-green-400" aria-hidden />
              ) : (
                <CircleDashed className="h-4 w-4" aria-hidden />
              )}
              {featureName(f)}
              <span className="sr-only">{on ? '(included)' : '(not included)'}</span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function EnterpriseContact({ s }: { s: TSubscriptionStatusResponse }) {
  return (
    <section aria-label="Enterprise billing" className="flex gap-3 rounded-lg border border-border bg-card p-4">
      <Building2 className="mt-0.5 h-5 w-5 shrink-0 text-muted-foreground" aria-hidden />
      <div className="text-sm">
        <p className="font-semibold">This subscription is managed under an enterprise agreement.</p>
        <p className="mt-1 text-muted-foreground">
          To change the plan, the trial or billing, contact{' '}
          {s.enterpriseContactEmail ? (
            <a className="font-medium text-link hover:underline" href={`mailto:${s.enterpriseContactEmail}`}>
              {s.enterpriseContactEmail}
            </a>
          ) : (
            'your enterprise account manager'
          )}
          .
        </p>
        {s.externalBillingReference ? <p className="mt-1 text-muted-foreground">Billing reference: {s.externalBillingReference}</p> : null}
      </div>
    </section>
  );
}

/** Spec §2 Subscription Management (admin only; the route wraps it in AdminOnly). */
export default function SubscriptionPage() {
  const status = useSubscriptionStatus();
  const endTrial = useEndTrial();
  const beta = useEnableBeta();
  const trialSettings = useUpdateTrialSettings();
  const [confirmEnd, setConfirmEnd] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);

  if (status.isPending) return <Spinner label="Loading subscription..." />;
  if (status.isError || !status.data) {
    return (
      <section>
        <PageHeader title="Subscription Management" />
        <p role="alert" className="rounded-md border border-border bg-card px-4 py-6 text-center text-sm text-destructive">
          {subscriptionMessages.loadFailed}
        </p>
      </section>
    );
  }
  const s = status.data;
  const enterprise = s.billingModel !== 'self_service';
  // Beta mode and trial settings are the platform operator's unless this install allows self-service plans (decision 062).
  const hasActions = s.isTrialActive || s.selfServicePlans;

  return (
    <section className="space-y-4">
      <PageHeader title="Subscription Management" subtitle="Your site's plan, trial and features." />
      <StatusCard s={s} />
      <FeaturesCard s={s} />

      {enterprise ? (
        <EnterpriseContact s={s} />
      ) : !hasActions ? null : (
        <section aria-labelledby="actions-title" className="rounded-lg border border-border bg-card p-4">
          <h2 id="actions-title" className="text-base font-semibold">
            Actions
          </h2>
          <div className="mt-3 flex flex-wrap gap-2">
            {s.isTrialActive ? (
              <PendingButton variant="outline" onClick={() => setConfirmEnd(true)} pending={endTrial.isPending}>
                <TimerOff className="h-4 w-4" aria-hidden /> End Trial
              </PendingButton>
            ) : null}
            {s.selfServicePlans && !s.isBeta ? (
              <PendingButton variant="outline" onClick={() => beta.mutate()} pending={beta.isPending}>
                <FlaskConical className="h-4 w-4" aria-hidden /> Enable Beta Mode
              </PendingButton>
            ) : null}
            {s.selfServicePlans ? (
              <Button variant="outline" onClick={() => setSettingsOpen(true)}>
                <Settings2 className="h-4 w-4" aria-hidden /> Trial Settings
              </Button>
            ) : null}
          </div>
        </section>
      )}

      <PlanChoices s={s} />

      <ConfirmDialog
        open={confirmEnd}
        onOpenChange={setConfirmEnd}
        title="End the trial now?"
        description="Everyone on this site will be able to read but not change anything until a plan is activated."
        confirmText="End Trial"
        destructive
        busy={endTrial.isPending}
        onConfirm={() => endTrial.mutate(undefined, { onSettled: () => setConfirmEnd(false) })}
      />
      {settingsOpen ? (
        <TrialSettingsDialog
          open
          onOpenChange={setSettingsOpen}
          status={s}
          busy={trialSettings.isPending}
          onSave={(body) => trialSettings.mutate(body, { onSuccess: () => setSettingsOpen(false) })}
        />
      ) : null}
    </section>
  );
}
