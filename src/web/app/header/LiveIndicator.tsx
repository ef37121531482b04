import { Users } from 'lucide-react';
import { useLive } from '../../lib/live';

/** Spec §1: Live or Offline and how many people are online on the site (this user included). */
export function LiveIndicator() {
  const { status, users } = useLive();
  const live = status === 'live';
  const online = live ? users.length : 0;
  const label = live ? 'Live' : 'Offline';
  return (
    <div role="status" className="flex items-center gap-2 text-xs text-muted-foreground">
      <span className="flex items-center gap-1" aria-hidden>
        <span className={live ? 'h-2 w-2 rounded-full bg-green-500' : 'h-2 w-2 rounded-full bg-slate-400'} />
        <span className="hidden sm:inline">{label}</span>
      </span>
      <span className="flex items-center gap-0.5" title={`${online} ${online === 1 ? 'user' : 'users'} online`} aria-hidden>
        <Users className="h-3.5 w-3.5" />
        {online}
      </span>
      <span className="sr-only">{`${label}, ${online} online`}</span>
    </div>
  );
}
