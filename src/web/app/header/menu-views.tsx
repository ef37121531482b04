import { DropdownMenu as M } from 'radix-ui';
import { Check, CreditCard, LogOut, Monitor, Moon, Settings, Sun, Users } from 'lucide-react';
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import type { TSessionUser, TSiteSummary } from '../../../shared/contracts/auth';
import { Badge } from '../../components/ui/badge';
import { useLogout } from '../../features/auth/useLogout';
import { useTheme, type Theme } from '../../lib/theme';
import type { Replay, TriggerLook } from './menu-trigger';
import { useMe } from '../../lib/session';
import { navLinksFor } from './nav-links';
import { timeOffLinks } from './time-off-links';

/*
 * The header's Radix menus, loaded apart from the route (lazy-menu.tsx, decision 047). Each draws the same
 * trigger as its stand-in and picks up what the user did to the stand-in before this code arrived.
 */

export const menuItem =
  // The muted fill alone was 1.1:1 against the menu: the highlighted item also gets a ring-coloured outline.
  'flex cursor-pointer items-center gap-2 rounded px-2 py-1.5 text-sm outline-none select-none data-[highlighted]:bg-muted data-[highlighted]:outline-solid data-[highlighted]:outline-2 data-[highlighted]:-outline-offset-2 data-[highlighted]:outline-ring';
export const menuContent = 'z-50 min-w-52 rounded-md border border-border bg-card p-1 text-foreground shadow-lg';

interface ShellProps {
  look: TriggerLook;
  replay: Replay;
}

function MenuShell({ look, replay, align, children }: ShellProps & { align: 'start' | 'end'; children: ReactNode }) {
  const trigger = useRef<HTMLButtonElement>(null);
  // Only what happened before this mounted counts; later renders pass the same value.
  const [initial] = useState(replay);
  useLayoutEffect(() => {
    if (initial && initial.kind !== 'pointer') trigger.current?.focus();
  }, [initial]);
  // After the menu's own effects (children's run first), so Radix sees the key as keyboard use.
  useEffect(() => {
    if (initial?.kind === 'key')
      trigger.current?.dispatchEvent(
        new KeyboardEvent('keydown', { key: initial.key, code: initial.code, bubbles: true, cancelable: true }),
      );
  }, [initial]);
  return (
    <M.Root modal={false} defaultOpen={initial?.kind === 'pointer'}>
      <M.Trigger ref={trigger} aria-label={look.label} aria-busy={look.busy} title={look.title} className={look.className}>
        {look.children}
      </M.Trigger>
      <M.Portal>
        <M.Content align={align} sideOffset={6} className={menuContent}>
          {children}
        </M.Content>
      </M.Portal>
    </M.Root>
  );
}

const THEMES: Array<{ value: Theme; label: string; icon: typeof Sun }> = [
  { value: 'light', label: 'Light', icon: Sun },
  { value: 'dark', label: 'Dark', icon: Moon },
  { value: 'system', label: 'System', icon: Monitor },
];

export function UserMenuView({ user, ...shell }: ShellProps & { user: TSessionUser }) {
  const logout = useLogout();
  const navigate = useNavigate();
  const { theme, setTheme } = useTheme();
  return (
    <MenuShell {...shell} align="end">
      <div className="px-2 py-1.5">
        <p className="truncate text-sm font-medium">{user.username}</p>
        <p className="truncate text-xs text-muted-foreground">{user.email}</p>
        {user.isAdmin ? (
          <Badge tone="purple" className="mt-1">
            Administrator
          </Badge>
        ) : user.isStaff ? (
          <Badge tone="neutral" className="mt-1">
            Staff
          </Badge>
        ) : null}
      </div>
      <M.Separator className="my-1 h-px bg-border" />
      {/* Staff have no settings to change (decision 091): their screens are the calendar and their own time off. */}
      {user.isStaff ? null : (
        <M.Item className={menuItem} onSelect={() => navigate('/settings')}>
          <Settings className="h-4 w-4" /> Settings
        </M.Item>
      )}
      {user.isAdmin ? (
        <>
          <M.Item className={menuItem} onSelect={() => navigate('/user-management')}>
            <Users className="h-4 w-4" /> User Management
          </M.Item>
          <M.Item className={menuItem} onSelect={() => navigate('/subscription')}>
            <CreditCard className="h-4 w-4" /> Subscription
          </M.Item>
        </>
      ) : null}
      <M.Separator className="my-1 h-px bg-border" />
      <M.Label className="px-2 py-1 text-xs text-muted-foreground">Theme</M.Label>
      {/* Radio items: screen readers say which theme is checked. */}
      <M.RadioGroup value={theme} onValueChange={(v) => setTheme(v as Theme)}>
        {THEMES.map((t) => (
          <M.RadioItem key={t.value} value={t.value} className={menuItem}>
            <t.icon className="h-4 w-4" aria-hidden /> {t.label}
            <M.ItemIndicator className="ml-auto">
              <Check className="h-4 w-4" aria-hidden />
            </M.ItemIndicator>
          </M.RadioItem>
        ))}
      </M.RadioGroup>
      <M.Separator className="my-1 h-px bg-border" />
      <M.Item className={menuItem} onSelect={() => void logout()}>
        <LogOut className="h-4 w-4" /> Log out
      </M.Item>
    </MenuShell>
  );
}

export function NavMenuView(shell: ShellProps) {
  const navigate = useNavigate();
  const user = useMe().data?.user;
  const links = [...navLinksFor(user), ...timeOffLinks(user)];
  return (
    <MenuShell {...shell} align="start">
      {links.map((l) => (
        <M.Item key={l.to} className={menuItem} onSelect={() => navigate(l.to)}>
          {l.label}
        </M.Item>
      ))}
    </MenuShell>
  );
}

export function SiteMenuView({
  sites,
  currentId,
  onChoose,
  ...shell
}: ShellProps & { sites: TSiteSummary[]; currentId: number; onChoose: (id: number) => void }) {
  return (
    <MenuShell {...shell} align="end">
      <M.Label className="px-2 py-1 text-xs text-muted-foreground">Switch site</M.Label>
      <M.RadioGroup value={String(currentId)} onValueChange={(v) => onChoose(Number(v))}>
        {sites.map((s) => (
          <M.RadioItem key={s.id} value={String(s.id)} className={menuItem}>
            <span className="min-w-0 flex-1 truncate">{s.name}</span>
            <M.ItemIndicator>
              <Check className="h-4 w-4" aria-hidden />
            </M.ItemIndicator>
          </M.RadioItem>
        ))}
      </M.RadioGroup>
    </MenuShell>
  );
}
