import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildExceptionsReport, buildHoursReport } from '../model';
import type { SiteData } from '../types';
import { reportPdf } from './render';
import { PdfWriter } from './writer';

const text = (pdf: Buffer) => {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'hs-pdf-')), 'r.pdf');
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
};
const person = (id: number, name: string) => ({
  id,
  name,
  efficiency: 100,
  mondayHours: 7.6,
  tuesdayHours: 7.6,
  wednesdayHours: 7.6,
  thursdayHours: 7.6,
  fridayHours: 7.6,
  saturdayHours: 0,
  sundayHours: 0,
});
const site = (names: string[]): SiteData => ({
  id: 1,
  name: 'Σ Site',
  settings: { saturdayWorkday: false, sundayWorkday: false },
  employees: names.map((n, i) => person(i + 1, n)),
  exceptions: names.map((_, i) => ({
    id: i + 1,
    employeeId: i + 1,
    reasonId: 1,
    reasonName: 'Annual Leave',
    isAdditive: false,
    startDate: '2026-11-02',
    endDate: '2026-11-02',
    isFullDay: true,
    hours: null,
    notes: null,
  })),
  holidays: [],
  dayChanges: [],
  notes: [],
});
const header = {
  businessName: 'Biz',
  startDate: '2026-11-01',
  endDate: '2026-11-30',
  generatedAt: new Date('2026-11-20T10:00:00Z'),
  generatedBy: 'tester',
  layout: 'detailed' as const,
};

// Each test subsets real fonts and runs pdftotext: about 0.15 s alone, but 2.4 s in `npm test`, where the unit
// suite shares two cores with the typecheck, the lint and two other suites at a lower priority.
describe('reportPdf', { timeout: 20_000 }, () => {
  // pdfkit and its fonts load on first use; on a busy machine that load alone can outlast a test's time, so it happens here, outside the tests.
  beforeAll(() => PdfWriter.open({ title: 'warm-up', author: 'test' }), 60_000);

  it('draws Latin, Greek and Cyrillic names as selectable text', async () => {
    const out = text(
      await reportPdf(buildExceptionsReport(header, [site(['Zoë Dupré', 'Γιώργος Παπαδόπουλος', 'Дмитрий Иванов'])], false)),
    );
    for (const s of [
      'Zoë Dupré',
      'Γιώργος Παπαδόπουλος',
      'Дмитрий Иванов',
      'Σ Site',
      'Page 1 of 1',
      'Generated: 2026-11-20 10:00 UTC by tester',
    ])
      expect(out).toContain(s);
  });

  it('labels a working Saturday "Working weekend" and shows the hours that were authorised', async () => {
    const authorised = {
      date: '2026-11-02',
      currentHours: 7.6,
      defaultHours: 7.6,
      authorisedHours: 9.5,
      isAuthorised: true,
      authorisedBy: 'ann',
      authorisedAt: new Date('2026-11-01T09:00:00Z'),
    };
    const s = {
      ...site(['Ann Bell']),
      exceptions: [],
      settings: { saturdayWorkday: true, sundayWorkday: false },
      dayChanges: [authorised],
    };
    const out = text(await reportPdf(buildHoursReport({ ...header, startDate: '2026-11-02', endDate: '2026-11-08' }, [s], '2026-11-20')));
    expect(out).toMatch(/2026-11-07 Sat +Working weekend/);
    expect(out).toMatch(/2026-11-08 Sun +Weekend/);
    expect(out).toMatch(/2026-11-02 Mon +Working day +7.6 +7.6 +0.0 Authorised 9.5 h by ann/);
  });

  it('does not fail on characters the font lacks', async () => {
    const pdf = await reportPdf(buildExceptionsReport(header, [site(['漢字 名前 😀', 'Ann \u0000\u0007 Bell'])], false));
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(text(pdf)).toContain('Ann');
  });
});
