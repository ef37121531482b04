import { ChevronDown } from 'lucide-react';
import { useMe } from '../../lib/session';
import { LazyMenu, type TriggerLook } from './lazy-menu';

export function UserMenu() {
  const me = useMe();
  const user = me.data?.user;
  if (!user) return null;
  const look: TriggerLook = {
    label: 'User menu',
    className:
      'flex shrink-0 items-center gap-1 rounded-md px-1 py-1 text-sm hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring sm:gap-2 sm:px-2',
    children: (
      <>
        <span
          className="flex h-7 w-7 items-center justify-center rounded-full bg-primary text-xs font-semibold text-primary-foreground"
          aria-hidden
        >
          {user.username.charAt(0).toUpperCase()}
        </span>
        <span className="hidden max-w-32 truncate sm:inline">{user.username}</span>
        <ChevronDown className="h-4 w-4 text-muted-foreground" aria-hidden />
      </>
    ),
  };
  return <LazyMenu look={look} render={(v, replay) => <v.UserMenuView look={look} replay={replay} user={user} />} />;
}
