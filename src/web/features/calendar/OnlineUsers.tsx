import { Tooltip } from '../../components/ui/tooltip';

export interface OnlineUser {
  userId: number;
  username: string;
  initial: string;
}

export const MAX_ONLINE_BADGES = 5;

/** Spec §2: other users online as initial badges, up to five, then "+N"; the current user is left out. */
export function OnlineUsers({ users, currentUserId }: { users: readonly OnlineUser[]; currentUserId: number | undefined }) {
  const others = users.filter((u) => u.userId !== currentUserId);
  if (others.length === 0) return null;
  const shown = others.slice(0, MAX_ONLINE_BADGES);
  const rest = others.length - shown.length;
  return (
    <div className="flex -space-x-1.5" aria-label={`${others.length} other ${others.length === 1 ? 'user' : 'users'} online`} role="group">
      {shown.map((u) => (
        <Tooltip key={u.userId} content={`${u.username} is online`}>
          <span
            tabIndex={0}
            aria-label={`${u.username} is online`}
            className="flex h-7 w-7 items-center justify-center rounded-full border-2 border-card bg-emerald-600 text-xs font-semibold text-white"
          >
            {u.initial}
          </span>
        </Tooltip>
      ))}
      {rest > 0 ? (
        <Tooltip
          content={others
            .slice(MAX_ONLINE_BADGES)
            .map((u) => `${u.username} is online`)
            .join(', ')}
        >
          <span
            tabIndex={0}
            aria-label={`${rest} more users online`}
            className="flex h-7 min-w-7 items-center justify-center rounded-full border-2 border-card bg-muted px-1 text-xs font-semibold"
          >
            +{rest}
          </span>
        </Tooltip>
      ) : null}
    </div>
  );
}
