import { DropdownMenu as M } from 'radix-ui';
import { Check, ChevronDown, CreditCard, LogOut, Monitor, Moon, Settings, Sun, Users } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Badge } from '../../components/ui/badge';
import { useLogout } from '../../features/auth/api';
import { useMe } from '../../lib/session';
import { useTheme, type Theme } from '../../lib/theme';
import { menuContent, menuItem } from './NavMenu';

const THEMES: Array<{ value: Theme; label: string; icon: typeof Sun }> = [
  { value: 'light', label: 'Light', icon: Sun },
  { value: 'dark', label: 'Dark', icon: Moon },
  { value: 'system', label: 'System', icon: Monitor },
];

export function UserMenu() {
  const me = useMe();
  const logout = useLogout();
  const navigate = useNavigate();
  const { theme, setTheme } = useTheme();
  const user = me.data?.user;
  if (!user) return null;
  return (
    <M.Root modal={false}>
      <M.Trigger className="flex shrink-0 items-center gap-1 rounded-md px-1 py-1 text-sm hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring sm:gap-2 sm:px-2" aria-label="User menu">
        <span className="flex h-7 w-7 items-center justify-center rounded-full bg-primary text-xs font-semibold text-primary-foreground" aria-hidden>
          {user.username.charAt(0).toUpperCase()}
        </span>
        <span className="hidden max-w-32 truncate sm:inline">{user.username}</span>
        <ChevronDown className="h-4 w-4 text-muted-foreground" aria-hidden />
      </M.Trigger>
      <M.Portal>
        <M.Content align="end" sideOffset={6} className={menuContent}>
          <div className="px-2 py-1.5">
            <p className="truncate text-sm font-medium">{user.username}</p>
            <p className="truncate text-xs text-muted-foreground">{user.email}</p>
            {user.isAdmin ? (
              <Badge tone="purple" className="mt-1">
                Administrator
              </Badge>
            ) : null}
          </div>
          <M.Separator className="my-1 h-px bg-border" />
          <M.Item className={menuItem} onSelect={() => navigate('/settings')}>
            <Settings className="h-4 w-4" /> Settings
          </M.Item>
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
        </M.Content>
      </M.Portal>
    </M.Root>
  );
}
