import { Users } from 'lucide-react';

/** Spec §4: realtime is disabled, so the indicator shows Offline and an online count of 0. */
export function LiveIndicator() {
  const live = false;
  const online = 0;
  return (
    <div className="flex items-center gap-2 text-xs text-muted-foreground" aria-label={`${live ? 'Live' : 'Offline'}, ${online} online`}>
      <span className="flex items-center gap-1">
        <span className={live ? 'h-2 w-2 rounded-full bg-green-500' : 'h-2 w-2 rounded-full bg-slate-400'} aria-hidden />
        <span className="hidden sm:inline">{live ? 'Live' : 'Offline'}</span>
      </span>
      <span className="flex items-center gap-0.5" title={`${online} users online`}>
        <Users className="h-3.5 w-3.5" aria-hidden />
        {online}
      </span>
    </div>
  );
}
