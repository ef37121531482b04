import { ShieldCheck } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { keepFocusNear } from '../../../lib/focus';
import { useAuthoriseDay } from './hooks';

/** The day view's Authorise button; a refusal puts the "Needs Auth" badge back without a toast (spec §4). */
export function AuthoriseDayButton({ date }: { date: string }) {
  const { mutate, isPending } = useAuthoriseDay({ silentFailure: true });
  return (
    // aria-disabled, not disabled: a disabled button drops focus to the page. The button goes once the day
    // is authorised, so focus then moves to the view's heading.
    <Button
      size="sm"
      aria-disabled={isPending || undefined}
      onClick={(e) => {
        if (isPending) return;
        keepFocusNear(e.currentTarget);
        mutate(date);
      }}
    >
      <ShieldCheck className="h-4 w-4" aria-hidden />
      Authorise
    </Button>
  );
}
