import { Copy } from 'lucide-react';
import { useState } from 'react';
import type { TFeed, TFeedWithUrl } from '../../../shared/contracts/feeds';
import { Button, PendingButton } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Input, Label } from '../../components/ui/input';
import { useCanWrite, useIsAdmin } from '../../lib/session';
import { createFeed, renewFeed, useFeedEmployees, useFeedMutation, useFeeds, useRevokeFeed } from './calendar-feeds-api';
import { CalendarFeedsTable, feedName } from './CalendarFeedsTable';
import { Section, Toggle } from './parts';

/** Settings → Calendar Feeds (decisions 041, 063): secret iCalendar links a phone or calendar app subscribes to. */
export function CalendarFeedsSection() {
  const isAdmin = useIsAdmin();
  const canWrite = useCanWrite();
  const feeds = useFeeds();
  const employees = useFeedEmployees(isAdmin);
  const [employeeId, setEmployeeId] = useState('');
  const [includeNotes, setIncludeNotes] = useState(false);
  const [shown, setShown] = useState<TFeedWithUrl | null>(null);
  const [copied, setCopied] = useState(false);
  const [revoking, setRevoking] = useState<TFeed | null>(null);
  const create = useFeedMutation(createFeed, 'Failed to create the feed');
  const renew = useFeedMutation(renewFeed, 'Failed to renew the feed');
  const revoke = useRevokeFeed();

  const show = (feed: TFeedWithUrl) => {
    setShown(feed);
    setCopied(false);
  };
  const copy = async () => {
    if (!shown) return;
    try {
      await navigator.clipboard.writeText(shown.url);
      setCopied(true);
    } catch {
      // No clipboard (an insecure origin): the link stays selected in its field to copy by hand.
      document.getElementById('feed-url')?.focus();
    }
  };

  return (
    <Section
      id="calendar-feeds-heading"
      title="Calendar Feeds"
      description={`Subscribe to this site's absences and public holidays from a phone or calendar app. Anyone with a feed's link can read it: share it with care, and revoke it if it leaks. A feed stops when the person who made it loses access to this site. ${
        isAdmin ? 'As an admin you see and can revoke every feed of this site.' : 'You see and can revoke the feeds you made.'
      }`}
    >
      {canWrite ? (
        <div className="flex flex-wrap items-end gap-3">
          <div className="grid gap-1.5">
            <Label htmlFor="feed-scope">Feed for</Label>
            <select
              id="feed-scope"
              value={employeeId}
              onChange={(e) => setEmployeeId(e.target.value)}
              className="h-9 rounded-md border border-border bg-background px-2 text-sm"
              disabled={!isAdmin}
            >
              <option value="">Whole site</option>
              {(employees.data ?? []).map((e) => (
                <option key={e.id} value={e.id}>
                  {e.name}
                </option>
              ))}
            </select>
          </div>
          <Toggle id="feed-notes" label="Include notes" checked={includeNotes} onChange={setIncludeNotes} />
          <PendingButton
            onClick={() => create.mutate({ employeeId: employeeId ? Number(employeeId) : null, includeNotes }, { onSuccess: show })}
            pending={create.isPending}
          >
            {create.isPending ? 'Creating...' : 'Create Feed'}
          </PendingButton>
        </div>
      ) : null}

      {shown ? (
        <div role="status" className="mt-4 grid gap-2 rounded-md border border-primary/50 bg-primary/5 p-3">
          <Label htmlFor="feed-url">Feed link for {feedName(shown)}: copy it now, it is shown only once</Label>
          <div className="flex flex-wrap gap-2">
            <Input
              id="feed-url"
              readOnly
              value={shown.url}
              onFocus={(e) => e.currentTarget.select()}
              className="min-w-0 flex-1 font-mono text-xs"
            />
            <Button variant="outline" onClick={() => void copy()}>
              <Copy className="h-4 w-4" aria-hidden />
              {copied ? 'Copied' : 'Copy Link'}
            </Button>
          </div>
        </div>
      ) : null}

      <CalendarFeedsTable
        feeds={feeds.data}
        state={feeds.status}
        canWrite={canWrite}
        renewing={renew.isPending}
        onRenew={(f) => renew.mutate(f.id, { onSuccess: show })}
        onRevoke={setRevoking}
      />
      <ConfirmDialog
        open={!!revoking}
        onOpenChange={(o) => !o && setRevoking(null)}
        title="Revoke Calendar Feed"
        description={`Calendars subscribed to the feed for ${revoking ? feedName(revoking) : ''} will stop updating. This cannot be undone.`}
        confirmText="Revoke"
        destructive
        onConfirm={() => {
          if (revoking) revoke.mutate(revoking.id, { onSettled: () => setRevoking(null) });
          if (revoking && shown?.id === revoking.id) setShown(null);
        }}
      />
    </Section>
  );
}
