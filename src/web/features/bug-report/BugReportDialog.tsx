import { Bug } from 'lucide-react';
import { useState } from 'react';
import { Button, PendingButton } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Input, Label, Textarea } from '../../components/ui/input';
import { toast, toastError } from '../../components/ui/toast';
import { messageOf } from '../../lib/api';
import { useSendBugReport } from './api';
import { MESSAGES } from '../../lib/messages';

export function BugReportButton() {
  const [open, setOpen] = useState(false);
  const [subject, setSubject] = useState('');
  const [details, setDetails] = useState('');
  const send = useSendBugReport();

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const s = subject.trim();
    const d = details.trim();
    if (!s)
      return toast({ title: 'Missing Subject', description: 'Please provide a subject for your bug report.', variant: 'destructive' });
    if (!d)
      return toast({
        title: 'Missing Details',
        description: 'Please provide details about the bug you encountered.',
        variant: 'destructive',
      });
    try {
      await send.mutateAsync({ subject: s, details: d });
      toast({ ...MESSAGES.bugReport.sent, variant: 'success' });
      setSubject('');
      setDetails('');
      setOpen(false);
    } catch (err) {
      toastError(messageOf(err, MESSAGES.bugReport.failed));
    }
  };

  return (
    <>
      <Button variant="ghost" size="icon" aria-label="Report a bug" title="Report a bug" onClick={() => setOpen(true)}>
        <Bug className="h-4 w-4" />
      </Button>
      <Dialog open={open} onOpenChange={setOpen} title="Report Bug" description="Tell us what went wrong and we will look into it.">
        <form onSubmit={submit} className="space-y-3" noValidate>
          <div className="space-y-1">
            <Label htmlFor="bug-subject">Subject</Label>
            <Input id="bug-subject" value={subject} onChange={(e) => setSubject(e.target.value)} maxLength={200} />
          </div>
          <div className="space-y-1">
            <Label htmlFor="bug-details">Details</Label>
            <Textarea id="bug-details" value={details} onChange={(e) => setDetails(e.target.value)} rows={5} />
          </div>
          <div className="flex justify-end gap-2 pt-2">
            <Button variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <PendingButton type="submit" pending={send.isPending}>
              {send.isPending ? 'Sending...' : 'Send Report'}
            </PendingButton>
          </div>
        </form>
      </Dialog>
    </>
  );
}
