import { describe, expect, it } from 'vitest';
import type { DigestData, SiteAvailability } from './digest-data';
import { capacitySummary, dayLabel, renderDigest, siteCapacity } from './digest-render';

const site = (name: string, days: Array<[number, number, boolean?]>): SiteAvailability => ({
  site: { id: 1, name },
  days: days.map(([availableHours, defaultHours, awaiting], i) => ({
    date: `2030-03-0${i + 4}`,
    availableHours,
    defaultHours,
    holiday: null,
    awaitingAuthorisation: !!awaiting,
  })),
});

describe('capacity summary', () => {
  it('gives the shortfall against normal hours and the days awaiting authorisation', () => {
    // 7 days of 40 h normal; 246.4 available of 280 is 12% below.
    const north = site('North', [
      [30, 40, true],
      [35.2, 40, true],
      [40, 40],
      [40, 40, true],
      [20, 40],
      [41.2, 40],
      [40, 40],
    ]);
    expect(siteCapacity(north, 7)).toBe('North: 12% below normal over the next 7 days; 3 days await authorisation');
    expect(siteCapacity(site('HQ', [[8, 7.6]]), 1)).toBe('HQ: 5% above normal today');
    expect(siteCapacity(site('HQ', [[0, 0]]), 1)).toBe('HQ: at normal capacity today');
  });

  it('counts exceptions when availability is not chosen', () => {
    const data: DigestData = {
      today: '2030-03-04',
      availability: null,
      upcoming: {
        days: 3,
        from: '2030-03-04',
        to: '2030-03-06',
        includeNotes: false,
        byDay: [
          {
            date: '2030-03-05',
            sites: [
              {
                site: { id: 1, name: 'HQ' },
                items: [{ employee: 'A', type: 'Sick', isFullDay: true, hours: null, notes: null }],
                notes: [],
              },
            ],
          },
        ],
      },
    };
    expect(capacitySummary(data)).toBe('1 exception on the calendar over the next 3 days');
  });
});

describe('renderDigest', () => {
  it('escapes user strings in the HTML and keeps them plain in the text', () => {
    const data: DigestData = {
      today: '2030-03-04',
      upcoming: null,
      availability: { days: 1, from: '2030-03-04', to: '2030-03-04', sites: [site('<North>', [[1, 2]])] },
    };
    const mail = renderDigest(data, {
      name: 'A "quoted" <name>',
      appUrl: 'https://app.example',
      disableUrl: 'https://app.example/api/notifications/disable?token=1.x&y',
    });
    expect(mail.subject).toBe('A "quoted" <name>: Mon 4 Mar');
    expect(mail.html).toContain('A &quot;quoted&quot; &lt;name&gt;');
    expect(mail.html).toContain('&lt;North&gt;: 50% below normal today');
    expect(mail.html).toContain('href="https://app.example/api/notifications/disable?token=1.x&amp;y"');
    expect(mail.html).not.toMatch(/<North>|<name>/);
    expect(mail.text).toContain('<North>: 50% below normal today');
    expect(mail.text).toContain('Turn off this notification: https://app.example/api/notifications/disable?token=1.x&y');
  });

  it('labels days', () => {
    expect(dayLabel('2030-12-29')).toBe('Sun 29 Dec');
  });
});

describe('the shortfalls section', () => {
  const base: DigestData = { today: '2030-03-04', upcoming: null, availability: null };
  const opts = { name: 'Daily', appUrl: 'https://app.example', disableUrl: 'https://app.example/off' };

  it('lists each short day of a site, with its figures', () => {
    const mail = renderDigest(
      {
        ...base,
        shortfalls: {
          days: 14,
          from: '2030-03-04',
          to: '2030-03-17',
          sites: [
            {
              site: { id: 1, name: 'North & Co' },
              days: [{ date: '2030-03-05', availableHours: 41, requiredHours: 47.5, shortHours: 6.5 }],
            },
          ],
        },
      },
      opts,
    );
    expect(mail.text).toContain(
      'SHORTFALLS IN THE NEXT 14 DAYS\n\nNorth & Co\n  Tue 5 Mar: 41.0 h available, 47.5 h required (short 6.5 h)\n',
    );
    expect(mail.html).toContain('North &amp; Co');
    expect(mail.html).toContain('<li>Tue 5 Mar: 41.0 h available, 47.5 h required (short 6.5 h)</li>');
  });

  it('says none is short when the sites with rules are covered, and is absent without rules', () => {
    const covered = renderDigest({ ...base, shortfalls: { days: 14, from: '2030-03-04', to: '2030-03-17', sites: [] } }, opts);
    expect(covered.text).toContain('SHORTFALLS IN THE NEXT 14 DAYS\nNo day is short of its minimum hours.');
    expect(renderDigest({ ...base, shortfalls: null }, opts).text).not.toContain('SHORTFALLS');
    expect(renderDigest(base, opts).text).not.toContain('SHORTFALLS');
  });
});
