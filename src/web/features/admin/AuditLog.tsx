import { useState } from 'react';
import type { TAuditEntry } from '../../../shared/contracts/super-admin';
import { EmptyRow, TBody, THead, Table, Td, Th, Tr } from '../../components/ui/table';
import { useAudit } from './api';
import { Pager, QueryState, Section, formatDateTime } from './parts';

function Changes({ entry }: { entry: TAuditEntry }) {
  return (
    <ul className="space-y-0.5 text-xs">
      {Object.keys(entry.after ?? {}).map((k) => (
        <li key={k}>
          <span className="font-medium">{k}</span>: {show(entry.before?.[k])} → {show(entry.after?.[k])}
        </li>
      ))}
    </ul>
  );
}

const show = (v: unknown) => (v === null || v === undefined || v === '' ? '—' : typeof v === 'object' ? JSON.stringify(v) : String(v));

/** Beyond the spec: every super-admin change to this business, newest first, as field: before → after. */
export function AuditLog({ businessId }: { businessId: number }) {
  const [page, setPage] = useState(1);
  const audit = useAudit(businessId, page);
  return (
    <Section title="Audit log">
      <QueryState pending={audit.isPending} error={audit.error} label="Loading audit log..." failed="Failed to fetch business details" />
      {audit.data ? (
        <>
          {/* Narrow screens: one card per change instead of a four-column table. */}
          <ul className="divide-y divide-border sm:hidden">
            {audit.data.items.length === 0 ? (
              <li className="px-4 py-6 text-center text-sm text-muted-foreground">No changes by a super-admin yet.</li>
            ) : null}
            {audit.data.items.map((e) => (
              <li key={e.id} className="space-y-1 px-4 py-3 text-sm">
                <p className="font-medium">
                  {e.action} <span className="text-muted-foreground">#{e.entityId}</span>
                </p>
                <p className="text-xs text-muted-foreground">
                  {formatDateTime(e.createdAt)} · {e.superAdminEmail}
                </p>
                <Changes entry={e} />
              </li>
            ))}
          </ul>
          <div className="hidden sm:block">
            <Table>
              <THead>
                <Tr>
                  <Th>When</Th>
                  <Th>Who</Th>
                  <Th>What</Th>
                  <Th>Change</Th>
                </Tr>
              </THead>
              <TBody>
                {audit.data.items.length === 0 ? <EmptyRow colSpan={4} text="No changes by a super-admin yet." /> : null}
                {audit.data.items.map((e) => (
                  <Tr key={e.id}>
                    <Td className="whitespace-nowrap">{formatDateTime(e.createdAt)}</Td>
                    <Td className="max-w-[10rem] truncate" title={e.superAdminEmail}>
                      {e.superAdminEmail}
                    </Td>
                    <Td className="whitespace-nowrap">
                      {e.action} <span className="text-muted-foreground">#{e.entityId}</span>
                    </Td>
                    <Td>
                      <Changes entry={e} />
                    </Td>
                  </Tr>
                ))}
              </TBody>
            </Table>
          </div>
          <Pager page={audit.data.page} pageSize={audit.data.pageSize} total={audit.data.total} onPage={setPage} />
        </>
      ) : null}
    </Section>
  );
}
