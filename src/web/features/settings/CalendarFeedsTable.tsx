import { RefreshCw, Trash2 } from 'lucide-react';
import type { TFeed } from '../../../shared/contracts/feeds';
import { Button, PendingButton } from '../../components/ui/button';
import { formatDateTime } from '../../../shared/format';

const when = (iso: string | null) => (iso ? formatDateTime(iso) : 'Never');
export const feedName = (f: TFeed) => f.employeeName ?? 'Whole site';

interface Props {
  feeds: TFeed[] | undefined;
  state: 'pending' | 'error' | 'success';
  canWrite: boolean;
  renewing: boolean;
  onRenew: (feed: TFeed) => void;
  onRevoke: (feed: TFeed) => void;
}

/**
 * The feeds the reader may see (decision 063): an admin every feed of the site, anyone else their own. Each
 * row names its creator, says when it stopped serving because its creator lost the right to it, and offers
 * Renew and Revoke only where the server says the reader may.
 */
export function CalendarFeedsTable({ feeds, state, canWrite, renewing, onRenew, onRevoke }: Props) {
  const rows = feeds ?? [];
  return (
    // On a phone the table scrolls inside this frame, a named, focusable region so the keyboard can scroll it too.
    <div
      role="region"
      aria-label="Feed list"
      tabIndex={0}
      className="mt-4 overflow-x-auto rounded focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
    >
      <table className="w-full text-sm" aria-label="Calendar feeds">
        <thead className="text-left text-muted-foreground">
          <tr>
            <th className="py-1 pr-3 font-medium">Feed</th>
            <th className="py-1 pr-3 font-medium">Notes</th>
            <th className="py-1 pr-3 font-medium">Created by</th>
            <th className="py-1 pr-3 font-medium">Created</th>
            <th className="py-1 pr-3 font-medium">Last used</th>
            <th className="py-1 pr-3 font-medium">Status</th>
            <th className="py-1 font-medium">Actions</th>
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={7} className="py-3 text-muted-foreground">
                {state === 'pending' ? 'Loading feeds...' : state === 'error' ? 'Failed to load calendar feeds' : 'No calendar feeds yet.'}
              </td>
            </tr>
          ) : (
            rows.map((f) => (
              <tr key={f.id} className="border-t border-border">
                <td className="py-2 pr-3">{feedName(f)}</td>
                <td className="py-2 pr-3">{f.includeNotes ? 'Included' : 'Not included'}</td>
                <td className="py-2 pr-3">{f.createdBy ?? 'Deleted user'}</td>
                <td className="py-2 pr-3">{when(f.createdAt)}</td>
                <td className="py-2 pr-3">{when(f.lastUsedAt)}</td>
                <td className="py-2 pr-3">
                  {f.active ? (
                    'Active'
                  ) : (
                    <span title="The person who made it no longer has the right to it, so its link answers as if revoked. It serves again if their access is restored.">
                      Stopped: creator no longer has access
                    </span>
                  )}
                </td>
                <td className="py-2">
                  {f.canManage ? (
                    <div className="flex gap-1">
                      {canWrite ? (
                        <PendingButton
                          variant="outline"
                          size="sm"
                          onClick={() => onRenew(f)}
                          pending={renewing}
                          aria-label={`Renew feed for ${feedName(f)}`}
                        >
                          <RefreshCw className="h-4 w-4" aria-hidden />
                          Renew
                        </PendingButton>
                      ) : null}
                      <Button variant="outline" size="sm" onClick={() => onRevoke(f)} aria-label={`Revoke feed for ${feedName(f)}`}>
                        <Trash2 className="h-4 w-4" aria-hidden />
                        Revoke
                      </Button>
                    </div>
                  ) : null}
                </td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
