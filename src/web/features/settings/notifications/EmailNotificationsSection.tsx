import { Mail, Pencil, Plus, Send, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { TSavedNotification } from '../../../../shared/contracts/notifications';
import { Button, PendingButton } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/page';
import { useMe } from '../../../lib/session';
import { useDeleteNotification, useSavedNotifications, useTestEmail, useToggleNotification } from './api';
import { scheduleText } from './form';
import { NotificationDialog } from './NotificationDialog';
import { Switch } from './Switch';

const recipientsText = (n: TSavedNotification) =>
  n.recipientEmails.length === 1 ? n.recipientEmails[0] : `${n.recipientEmails.length} recipients`;

/** Settings → Email Notifications (spec 02 §2): saved notifications with enable switch, edit, delete and add. */
export function EmailNotificationsSection() {
  const me = useMe();
  const list = useSavedNotifications();
  const toggle = useToggleNotification();
  const remove = useDeleteNotification();
  const [dialog, setDialog] = useState<{ open: boolean; notification: TSavedNotification | null }>({ open: false, notification: null });
  const [deleting, setDeleting] = useState<TSavedNotification | null>(null);
  const myId = me.data?.user.id;

  return (
    <section aria-labelledby="email-notifications-title" className="rounded-lg border border-border bg-card p-4 sm:p-5">
      <div className="mb-3 flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="email-notifications-title" className="flex items-center gap-2 text-lg font-semibold">
            <Mail className="h-5 w-5" aria-hidden /> Email Notifications
          </h2>
          <p className="text-sm text-muted-foreground">Digests of upcoming exceptions and team availability, sent on your schedule.</p>
        </div>
        <Button onClick={() => setDialog({ open: true, notification: null })}>
          <Plus className="h-4 w-4" aria-hidden /> Add Notification
        </Button>
      </div>

      {list.isPending ? <Spinner label="Loading notifications..." /> : null}
      {list.isError ? <p className="text-sm text-destructive">Failed to load notifications</p> : null}
      {list.data && list.data.length === 0 ? <p className="py-4 text-sm text-muted-foreground">No saved notifications yet.</p> : null}
      {list.data && list.data.length > 0 ? (
        <ul className="divide-y divide-border rounded-md border border-border">
          {list.data.map((n) => (
            <li key={n.id} className="flex items-center gap-3 px-3 py-2.5" data-testid="notification-row">
              <Switch checked={n.enabled} onCheckedChange={(enabled) => toggle.mutate({ id: n.id, enabled })} label={`Enable ${n.name}`} />
              <div className="min-w-0 flex-1">
                <p className={`truncate font-medium ${n.enabled ? '' : 'text-muted-foreground'}`}>{n.name}</p>
                <p className="text-xs text-muted-foreground">
                  {scheduleText(n)} · {recipientsText(n)}
                  {n.userId !== myId && n.ownerEmail ? ` · set up by ${n.ownerEmail}` : ''}
                </p>
              </div>
              <Button variant="ghost" size="icon" aria-label={`Edit ${n.name}`} onClick={() => setDialog({ open: true, notification: n })}>
                <Pencil className="h-4 w-4" aria-hidden />
              </Button>
              <Button variant="ghost" size="icon" aria-label={`Delete ${n.name}`} onClick={() => setDeleting(n)}>
                <Trash2 className="h-4 w-4 text-destructive" aria-hidden />
              </Button>
            </li>
          ))}
        </ul>
      ) : null}

      <TestEmailRow defaultEmail={me.data?.user.email ?? ''} />

      <NotificationDialog
        open={dialog.open}
        notification={dialog.notification}
        onOpenChange={(open) => setDialog((d) => ({ ...d, open }))}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete Notification"
        description={`Delete the notification "${deleting?.name ?? ''}"? It will no longer be sent. This cannot be undone.`}
        confirmText="Delete"
        destructive
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSettled: () => setDeleting(null) })}
      />
    </section>
  );
}

/** POST /api/test-email: check that mail reaches an address before relying on a digest. */
function TestEmailRow({ defaultEmail }: { defaultEmail: string }) {
  const send = useTestEmail();
  const [email, setEmail] = useState<string | null>(null);
  const value = email ?? defaultEmail;
  return (
    <form
      className="mt-4 flex flex-wrap items-end gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        if (value.trim()) send.mutate(value.trim());
      }}
    >
      <div className="min-w-48 flex-1 space-y-1">
        <label htmlFor="test-email-address" className="text-sm font-medium">
          Test email address
        </label>
        <Input id="test-email-address" type="email" value={value} onChange={(e) => setEmail(e.target.value)} />
      </div>
      <PendingButton type="submit" variant="outline" pending={send.isPending} unavailable={!value.trim()}>
        <Send className="h-4 w-4" aria-hidden /> {send.isPending ? 'Sending...' : 'Send Test Email'}
      </PendingButton>
    </form>
  );
}
