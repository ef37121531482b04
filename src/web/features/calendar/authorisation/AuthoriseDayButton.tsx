import { ShieldCheck } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { useAuthoriseDay } from './hooks';

/** The day view's Authorise button; a refusal puts the "Needs Auth" badge back without a toast (spec §4). */
export function AuthoriseDayButton({ date }: { date: string }) {
  const { mutate, isPending } = useAuthoriseDay({ silentFailure: true });
  return (
    <Button size="sm" onClick={() => mutate(date)} disabled={isPending}>
      <ShieldCheck className="h-4 w-4" aria-hidden />
      Authorise
    </Button>
  );
}
