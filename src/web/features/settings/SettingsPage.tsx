import { ArrowLeft, Save } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useBlocker, useNavigate } from 'react-router';
import type { TSettingsResponse } from '../../../shared/contracts/settings';
import { Button, PendingButton } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { PageHeader, Spinner } from '../../components/ui/page';
import { useCanWrite, useIsAdmin } from '../../lib/session';
import { useSaveSettings, useSettings } from './api';
import { AllowanceSection } from './allowance/AllowanceSection';
import { ApiTokensSection } from './api-tokens/ApiTokensSection';
import { TwoFactorSection } from './TwoFactorSection';
import { CalendarFeedsSection } from './CalendarFeedsSection';
import { CompanySection } from './CompanySection';
import { CoverageSection } from './coverage/CoverageSection';
import { DataSection } from './DataSection';
import { formFrom, hoursProblem, requestOf, sameForm, type SettingsForm } from './form';
import { HolidaysSection } from './HolidaysSection';
import { EmailNotificationsSection } from './notifications';
import { StaffPrivacySection } from './StaffPrivacySection';
import { WeekendSection } from './WeekendSection';
import { KeepFocusAcross } from '../../components/KeepFocusAcross';

/** Spec 02 §2 Settings: company and sites, weekend workdays, public holidays, data management. */
export default function SettingsPage() {
  const settings = useSettings();
  if (settings.isPending) return <Spinner label="Loading settings..." />;
  if (settings.isError) {
    return (
      <section>
        <PageHeader title="Settings" />
        <p role="alert" className="rounded-md border border-destructive/50 p-4 text-sm text-destructive">
          Failed to load settings
        </p>
      </section>
    );
  }
  // Keyed by the saved values, so a save or a site switch starts the form from what the server holds.
  const version = JSON.stringify(formFrom(settings.data));
  return (
    <KeepFocusAcross version={version}>
      <SettingsEditor key={version} saved={settings.data} />
    </KeepFocusAcross>
  );
}

function SettingsEditor({ saved }: { saved: TSettingsResponse }) {
  const navigate = useNavigate();
  const canWrite = useCanWrite();
  const isAdmin = useIsAdmin();
  const [form, setForm] = useState<SettingsForm>(() => formFrom(saved));
  const set = (patch: Partial<SettingsForm>) => setForm((f) => ({ ...f, ...patch }));
  const save = useSaveSettings();
  const dirty = canWrite && !sameForm(form, formFrom(saved));
  const invalid = !!(hoursProblem(form.saturdayHours) || hoursProblem(form.sundayHours));

  // Unsaved changes are never lost silently: leaving in the app asks, closing the tab warns.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && !save.isPending && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  return (
    <section className="pb-20">
      <PageHeader
        title="Settings"
        subtitle={isAdmin ? undefined : canWrite ? 'Some settings can only be changed by an admin.' : 'You have read-only access.'}
        actions={
          <>
            <Button variant="outline" onClick={() => navigate('/')}>
              <ArrowLeft className="h-4 w-4" aria-hidden />
              Back to Calendar
            </Button>
            {canWrite ? (
              <PendingButton
                id="settings-save"
                onClick={() => save.mutate(requestOf(form, saved))}
                pending={save.isPending}
                unavailable={!dirty || invalid}
              >
                <Save className="h-4 w-4" aria-hidden />
                {save.isPending ? 'Saving...' : 'Save Settings'}
              </PendingButton>
            ) : null}
          </>
        }
      />
      {dirty ? (
        <p className="mb-3 text-sm text-amber-700 dark:text-amber-300" role="status">
          You have unsaved changes.
        </p>
      ) : null}
      {/* One column that may shrink below its content: a wide table scrolls inside its section, not the page. */}
      <div className="grid grid-cols-1 gap-4">
        <CompanySection businessName={form.businessName} onBusinessName={(v) => set({ businessName: v })} isAdmin={isAdmin} />
        <EmailNotificationsSection />
        <WeekendSection form={form} set={set} canWrite={canWrite} />
        <StaffPrivacySection form={form} set={set} isAdmin={isAdmin} />
        <AllowanceSection isAdmin={isAdmin} />
        <CoverageSection isAdmin={isAdmin} />
        <HolidaysSection
          canWrite={canWrite}
          region={{ country: saved.dataManagement.holidayCountry, state: saved.dataManagement.holidayState }}
        />
        <CalendarFeedsSection />
        <DataSection form={form} set={set} isAdmin={isAdmin} lastDataCleanup={saved.dataManagement.lastDataCleanup} />
        {isAdmin ? <ApiTokensSection /> : null}
        {isAdmin ? <TwoFactorSection /> : null}
      </div>
      <ConfirmDialog
        open={blocker.state === 'blocked'}
        onOpenChange={(o) => !o && blocker.reset?.()}
        title="Unsaved changes"
        description="You have changed settings without saving them. Leave this page and discard the changes?"
        confirmText="Discard Changes"
        cancelText="Stay"
        destructive
        onConfirm={() => blocker.proceed?.()}
      />
    </section>
  );
}
