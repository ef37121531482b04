import { ArrowLeft } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import type { TSuperAdminSessionItem } from '../../../shared/contracts/auth-sessions';
import { TwoFactorPanel, type TwoFactorCalls } from '../../components/TwoFactorPanel';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Table, TBody, Td, Th, THead, Tr } from '../../components/ui/table';
import { adminApi } from './token';
import { formatDateTime } from '../../../shared/format';

const calls: TwoFactorCalls = {
  status: () => adminApi('GET /api/super-admin/two-factor'),
  setup: () => adminApi('POST /api/super-admin/two-factor/setup'),
  enable: (code) => adminApi('POST /api/super-admin/two-factor/enable', { body: { code } }),
  disable: (body) => adminApi('POST /api/super-admin/two-factor/disable', { body }),
};
const when = (iso: string) => formatDateTime(iso);

function Card({ id, title, description, children }: { id: string; title: string; description: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="min-w-0 rounded-lg border border-border bg-card p-4 sm:p-5">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      <p className="mt-0.5 text-sm text-muted-foreground">{description}</p>
      <div className="mt-4">{children}</div>
    </section>
  );
}

/** The signed-in super-admin's tokens (each ends 12 hours after sign-in): revoke one, or every other (decision 065). */
function SessionsCard() {
  const [sessions, setSessions] = useState<TSuperAdminSessionItem[] | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const load = () =>
    adminApi('GET /api/super-admin/sessions').then(
      (r) => setSessions(r.sessions),
      (err: Error) => setNotice(err.message),
    );
  useEffect(() => void load(), []);
  const act = async (change: () => Promise<{ message: string }>) => {
    try {
      setNotice((await change()).message);
    } catch (err) {
      setNotice((err as Error).message);
    }
    await load();
  };

  return (
    <Card
      id="sessions-heading"
      title="Sessions"
      description="Where you are signed in to the portal. Each session ends 12 hours after sign-in, or after 8 hours unused."
    >
      {notice ? (
        <p role="status" className="mb-3 text-sm">
          {notice}
        </p>
      ) : null}
      <Table aria-label="Sessions">
        <THead>
          <Tr>
            <Th>Signed in</Th>
            <Th>Last active</Th>
            <Th>Ends</Th>
            <Th>
              <span className="sr-only">Actions</span>
            </Th>
          </Tr>
        </THead>
        <TBody>
          {(sessions ?? []).map((s) => (
            <Tr key={s.id}>
              <Td>{when(s.createdAt)}</Td>
              <Td>{when(s.lastSeenAt)}</Td>
              <Td>{when(s.expiresAt)}</Td>
              <Td className="text-right">
                {s.current ? (
                  <Badge className="whitespace-nowrap">This session</Badge>
                ) : (
                  <Button
                    variant="outline"
                    size="sm"
                    onClick={() => void act(() => adminApi('POST /api/super-admin/sessions/revoke', { body: { id: s.id } }))}
                  >
                    Revoke
                  </Button>
                )}
              </Td>
            </Tr>
          ))}
        </TBody>
      </Table>
      <Button
        className="mt-3"
        variant="outline"
        disabled={!sessions || sessions.length < 2}
        onClick={() => void act(() => adminApi('POST /api/super-admin/sessions/revoke-others'))}
      >
        Sign out everywhere else
      </Button>
    </Card>
  );
}

/** Portal → Security: two-factor sign-in and sessions of the signed-in super-admin. */
export function SecurityView({ onBack }: { onBack: () => void }) {
  return (
    <div className="grid grid-cols-1 gap-4">
      <div className="flex items-center gap-3">
        <Button variant="outline" size="sm" onClick={onBack}>
          <ArrowLeft className="h-4 w-4" aria-hidden />
          Back
        </Button>
        <h1 className="text-xl font-semibold">Security</h1>
      </div>
      <Card
        id="two-factor-heading"
        title="Two-factor sign-in"
        description="A code from your phone after your password, so a stolen password alone cannot sign in."
      >
        <TwoFactorPanel calls={calls} />
      </Card>
      <SessionsCard />
    </div>
  );
}
