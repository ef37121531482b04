import { eq, sql } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../db/client';
import { mailOutbox } from '../db/schema';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  /** Writes the mail to the outbox, then tries to deliver it; a failed try is retried later, never dropped. */
  send(mail: OutgoingMail): Promise<void>;
  /** Delivers what is due; safe to run from several instances at once. Returns how many were sent. */
  deliverPending(): Promise<number>;
}

interface MailerOptions {
  db: Db;
  smtpUrl?: string;
  from: string;
  now: () => Date;
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
}

export const MAX_ATTEMPTS = 8;
export const STUCK_SENDING_MS = 10 * 60 * 1000;
const backoffMs = (attempts: number) => Math.min(60_000 * 2 ** (attempts - 1), 6 * 60 * 60 * 1000);

type OutboxRow = typeof mailOutbox.$inferSelect;

export function createMailer(opts: MailerOptions): Mailer {
  const transport: Transporter | null = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;

  async function attempt(row: OutboxRow): Promise<boolean> {
    if (!transport) return false;
    try {
      await transport.sendMail({ from: opts.from, to: row.to, subject: row.subject, text: row.text, html: row.html });
      await opts.db.update(mailOutbox).set({ status: 'sent', sentAt: opts.now(), attempts: row.attempts + 1 }).where(eq(mailOutbox.id, row.id));
      return true;
    } catch (err) {
      const attempts = row.attempts + 1;
      await opts.db
        .update(mailOutbox)
        .set({
          status: attempts >= MAX_ATTEMPTS ? 'failed' : 'pending',
          attempts,
          lastError: String((err as Error).message ?? err).slice(0, 1000),
          nextAttemptAt: new Date(opts.now().getTime() + backoffMs(attempts)),
        })
        .where(eq(mailOutbox.id, row.id));
      opts.log.warn({ mailId: row.id, attempts, err: (err as Error).message }, 'mail delivery failed; will retry');
      return false;
    }
  }

  return {
    async send(mail) {
      const [row] = await opts.db
        .insert(mailOutbox)
        .values({ ...mail, status: transport ? 'sending' : 'logged', nextAttemptAt: opts.now() })
        .returning();
      if (!transport) {
        opts.log.info({ mailId: row.id, to: mail.to, subject: mail.subject, text: mail.text }, 'mail kept in outbox (no SMTP_URL)');
        return;
      }
      await attempt(row);
    },

    async deliverPending() {
      if (!transport) return 0;
      const now = opts.now();
      // A row left 'sending' by a process that died mid-send is taken up again, so no mail is dropped.
      const stuckBefore = new Date(now.getTime() - STUCK_SENDING_MS);
      const claimed = await opts.db.execute(sql`
        update mail_outbox set status = 'sending', next_attempt_at = ${now.toISOString()}
        where id in (
          select id from mail_outbox
          where (status = 'pending' and next_attempt_at <= ${now.toISOString()})
             or (status = 'sending' and next_attempt_at <= ${stuckBefore.toISOString()})
          order by id limit 20 for update skip locked)
        returning id`);
      // Both drivers answer { rows }.
      const ids = (claimed as unknown as { rows: Array<{ id: number }> }).rows.map((r) => r.id);
      let sent = 0;
      for (const id of ids) {
        const [row] = await opts.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
        if (row && (await attempt(row))) sent += 1;
      }
      return sent;
    },
  };
}
