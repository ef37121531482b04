import { KeyRound, LockKeyhole, LogOut, Moon, ShieldCheck, Sun } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/page';
import { useTheme } from '../../lib/theme';
import { AdminLogin } from './AdminLogin';
import { useSignOut, useSuperAdminMe } from './api';
import { BusinessView } from './BusinessView';
import { ChangePasswordDialog } from './ChangePasswordDialog';
import { Overview } from './Overview';
import { SecurityView } from './SecurityView';
import { SiteView } from './SiteView';
import { useAdminToken } from './token';
import type { AdminView } from './view';

function ThemeButton() {
  const { theme, setTheme } = useTheme();
  const dark = theme === 'dark' || (theme === 'system' && document.documentElement.classList.contains('dark'));
  return (
    <Button variant="ghost" size="icon" aria-label={dark ? 'Light theme' : 'Dark theme'} onClick={() => setTheme(dark ? 'light' : 'dark')}>
      {dark ? <Sun className="h-4 w-4" /> : <Moon className="h-4 w-4" />}
    </Button>
  );
}

export default function AdminPortal() {
  const token = useAdminToken();
  const me = useSuperAdminMe(token);
  const signOut = useSignOut();
  const [view, setView] = useState<AdminView>({ kind: 'overview' });
  const [changingPassword, setChangingPassword] = useState(false);

  if (!token) return <AdminLogin />;
  if (me.isPending) return <Spinner label="Loading..." />;
  if (!me.data) return <AdminLogin />;

  const back = () => setView(view.kind === 'site' ? { kind: 'business', businessId: view.businessId } : { kind: 'overview' });
  return (
    <div className="min-h-screen bg-background text-foreground">
      <header className="border-b border-border bg-card">
        {/* On a narrow phone the buttons wrap, as one group, under the name instead of pushing Sign out past the edge. */}
        <div className="mx-auto flex max-w-screen-xl flex-wrap items-center gap-2 px-3 py-2.5 sm:gap-3 sm:px-4">
          <ShieldCheck className="h-5 w-5 shrink-0 text-primary" aria-hidden />
          <span className="font-semibold whitespace-nowrap">Hoursight Admin</span>
          <div className="ml-auto flex min-w-0 items-center gap-2 sm:gap-3">
            <span className="hidden min-w-0 truncate text-sm text-muted-foreground sm:inline">{me.data.superAdmin.email}</span>
            <ThemeButton />
            <Button variant="ghost" size="icon" aria-label="Security" title="Security" onClick={() => setView({ kind: 'security' })}>
              <LockKeyhole className="h-4 w-4" />
            </Button>
            <Button
              variant="ghost"
              size="icon"
              aria-label="Change password"
              title="Change password"
              onClick={() => setChangingPassword(true)}
            >
              <KeyRound className="h-4 w-4" />
            </Button>
            <Button
              variant="outline"
              size="sm"
              className="whitespace-nowrap"
              onClick={() => {
                setView({ kind: 'overview' });
                void signOut();
              }}
            >
              <LogOut className="h-4 w-4" aria-hidden />
              Sign out
            </Button>
          </div>
        </div>
      </header>
      <main className="mx-auto max-w-screen-xl px-3 py-5 sm:px-4">
        {view.kind === 'overview' ? <Overview onOpen={setView} /> : null}
        {view.kind === 'business' ? <BusinessView businessId={view.businessId} onBack={back} onOpen={setView} /> : null}
        {view.kind === 'site' ? <SiteView siteId={view.siteId} onBack={back} /> : null}
        {view.kind === 'security' ? <SecurityView onBack={() => setView({ kind: 'overview' })} /> : null}
      </main>
      <ChangePasswordDialog open={changingPassword} onOpenChange={setChangingPassword} />
    </div>
  );
}
