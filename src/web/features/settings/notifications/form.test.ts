import { describe, expect, it } from 'vitest';
import { ZSaveNotificationRequest, notificationMessages } from '../../../../shared/contracts/notifications';
import { newFormValues, scheduleText, toRequest } from './form';

const parse = (recipients: string, name = 'Digest') =>
  ZSaveNotificationRequest.safeParse(toRequest({ ...newFormValues('me@example.test'), name, recipients }));

describe('notification form', () => {
  it('starts with the current user as recipient and the §3 defaults', () => {
    expect(newFormValues('me@example.test')).toMatchObject({
      recipients: 'me@example.test',
      digestFrequency: 'daily',
      sendTime: '08:00',
      userTimezone: 'UTC',
      upcomingExceptionDays: 7,
      teamAvailabilityPeriod: 7,
    });
  });

  it('splits recipients by commas, trims them and drops empties', () => {
    const r = parse(' a@example.test ,, b@example.test , ');
    expect(r.success && r.data.recipientEmails).toEqual(['a@example.test', 'b@example.test']);
  });

  it('gives the §5 messages', () => {
    const noName = parse('a@example.test', '  ');
    expect(noName.success ? [] : noName.error.issues.map((i) => i.message)).toEqual([notificationMessages.nameRequired]);
    const none = parse(' , ');
    expect(none.success ? [] : none.error.issues.map((i) => i.message)).toEqual(['Please enter at least one recipient email address.']);
    const bad = parse('a@example.test, nope');
    expect(bad.success ? [] : bad.error.issues.map((i) => i.message)).toEqual(['Not a valid email address: nope']);
  });

  it('describes a schedule', () => {
    expect(
      scheduleText({ digestFrequency: 'weekly', weeklyDay: 5, monthlyDate: 1, sendTime: '17:30', userTimezone: 'America/New_York' }),
    ).toBe('Weekly on Friday at 17:30 (America/New York)');
    expect(scheduleText({ digestFrequency: 'monthly', weeklyDay: 1, monthlyDate: 28, sendTime: '06:00', userTimezone: 'UTC' })).toBe(
      'Monthly on day 28 at 06:00 (UTC)',
    );
  });
});
