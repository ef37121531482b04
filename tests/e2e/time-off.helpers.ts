import type { APIRequestContext } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, expect } from './fixtures';
import type { ReceivedMail } from '../integration/smtp';

export const STAFF = 'staff@demo.example';

interface Employee {
  id: number;
  name: string;
  mondayHours: number;
  tuesdayHours: number;
}

/** An API client of its own signed in as `email` (its cookies apart from any page's). */
export async function apiAs(
  playwright: { request: { newContext(o: { baseURL: string }): Promise<APIRequestContext> } },
  baseURL: string,
  email: string,
) {
  const api = await playwright.request.newContext({ baseURL });
  const res = await api.post('/api/auth/login', { data: { email, password: DEMO_PASSWORD } });
  expect(res.ok(), `sign-in as ${email}: ${res.status()}`).toBeTruthy();
  return api;
}

/**
 * The demo staff user, linked to an employee who works Mondays and Tuesdays: the demo seed's own when it has
 * one, else made here through User Management's API (as the admin), so the spec runs on either seed.
 */
export async function ensureStaff(admin: APIRequestContext): Promise<{ employee: Employee }> {
  const users = (await (await admin.get('/api/auth/site-users')).json()) as Array<{ email: string; employee: { id: number } | null }>;
  const employees = (await (await admin.get('/api/employees')).json()) as Employee[];
  const existing = users.find((u) => u.email === STAFF);
  if (existing?.employee) return { employee: employees.find((e) => e.id === existing.employee!.id)! };
  const linked = new Set(users.map((u) => u.employee?.id));
  const employee = employees.find((e) => e.mondayHours > 0 && e.tuesdayHours > 0 && !linked.has(e.id))!;
  const made = await admin.post('/api/auth/create-user', {
    data: { email: STAFF, password: DEMO_PASSWORD, isStaff: true, employeeId: employee.id },
  });
  expect(made.status(), await made.text()).toBe(201);
  return { employee };
}

const pad = (n: number) => String(n).padStart(2, '0');
const ymd = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/**
 * A Monday and the Tuesday after it, `weeksAhead` or more weeks from today, neither a public holiday nor taken
 * by one of `busy` (earlier requests of the same person, which would overlap).
 */
export async function freeMondayTuesday(admin: APIRequestContext, weeksAhead: number): Promise<[string, string]> {
  const d = new Date();
  d.setDate(d.getDate() + ((8 - d.getDay()) % 7 || 7) + 7 * weeksAhead);
  for (let i = 0; i < 20; i++, d.setDate(d.getDate() + 7)) {
    const monday = ymd(d);
    const tue = new Date(d);
    tue.setDate(tue.getDate() + 1);
    const tuesday = ymd(tue);
    const holidays = (await (await admin.get(`/api/public-holidays?startDate=${monday}&endDate=${tuesday}`)).json()) as unknown[];
    if (holidays.length === 0) return [monday, tuesday];
  }
  throw new Error('no Monday and Tuesday without a holiday in 20 weeks');
}

/** "3 Mar 2026" as the screens write a day. */
export function dayLabel(date: string): string {
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  return `${+date.slice(8, 10)} ${months[+date.slice(5, 7) - 1]} ${date.slice(0, 4)}`;
}

/**
 * "Mon 14 – Tue 15 Dec 2026" as the screens write a range (decision 114), written out here by hand: a month and a
 * year are said once, one day is that day with its weekday ("Mon 14 Dec 2026").
 */
export function rangeLabel(start: string, end: string): string {
  const weekday = (d: string) => ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'][new Date(`${d}T12:00:00Z`).getUTCDay()];
  const [dayOf, monthOf] = [(d: string) => +d.slice(8, 10), (d: string) => dayLabel(d).split(' ')[1]];
  if (start === end) return `${weekday(start)} ${dayLabel(start)}`;
  if (start.slice(0, 4) !== end.slice(0, 4)) return `${weekday(start)} ${dayLabel(start)} – ${weekday(end)} ${dayLabel(end)}`;
  if (start.slice(5, 7) !== end.slice(5, 7))
    return `${weekday(start)} ${dayOf(start)} ${monthOf(start)} – ${weekday(end)} ${dayLabel(end)}`;
  return `${weekday(start)} ${dayOf(start)} – ${weekday(end)} ${dayLabel(end)}`;
}

/** The range as a mail subject says it: the year left out when it is this year (a subject holds this either way). */
export const subjectRange = (start: string, end: string) => rangeLabel(start, end).replace(/ \d{4}$/, '');

/**
 * The first message to `to` whose subject holds `subject`, once the app's outbox has delivered it. Requests'
 * mail is written with the decision and sent by the background job's next round (up to a minute later).
 */
export async function mailTo(mail: ReceivedMail[], to: string, subject: string): Promise<ReceivedMail> {
  await expect
    .poll(() => mail.some((m) => m.to.includes(to) && m.subject.includes(subject)), {
      message: `mail to ${to}: ${subject}`,
      // The outbox delivers an enqueued mail about a second after its transaction (decision 003's early round).
      timeout: 15_000,
    })
    .toBe(true);
  return mail.find((m) => m.to.includes(to) && m.subject.includes(subject))!;
}

export const linkIn = (text: string, label: string) => {
  const m = new RegExp(`${label}: (\\S+)`).exec(text);
  if (!m) throw new Error(`no "${label}:" link in:\n${text}`);
  return m[1];
};

export { DEMO };
