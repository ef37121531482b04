import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ZEmployeeInput } from '../../../../shared/contracts/employees';
import { EXCEPTION_NOTES_MAX } from '../../../../shared/contracts/exceptions';
import { ZCreateHolidayRequest } from '../../../../shared/contracts/holidays';
import { NOTE_DESCRIPTION_MAX, NOTE_TITLE_MAX } from '../../../../shared/contracts/notes';
import { ZReasonInput } from '../../../../shared/contracts/reasons';
import { ZCreateSiteRequest } from '../../../../shared/contracts/sites';
import { buildExceptionsReport, buildHoursReport } from '../model';
import type { BalancesReport } from '../types';
import type { ReportHeader, SiteData } from '../types';
import { reportPdf } from './render';
import { PdfWriter, SHY } from './writer';

/*
 * Every name, type, date range and note is as long as the server lets it be, and each must come back
 * whole from the PDF. Cells are drawn one after another, each top to bottom, so pdftotext's content
 * stream order (-raw) reads a wrapped cell as one run of text; the comparison drops whitespace, which
 * wrapping moves, and hyphens, which a word broken across lines gains (decision 116; checked below).
 */
const squash = (s: string) => s.replace(/[\s-]+/g, '');
const pages = (pdf: Buffer) => {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'hs-pdf-')), 'r.pdf');
  writeFileSync(file, pdf);
  const count = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))![1]);
  return Array.from({ length: count }, (_, i) =>
    execFileSync('pdftotext', ['-raw', '-f', String(i + 1), '-l', String(i + 1), file, '-'], { encoding: 'utf8' }),
  );
};

// 100 characters each: the longest employee and site name.
const EMPLOYEE_A = 'Maximiliana Theodora Alexandrina Konstantinopoulou-Vasilakopoulou de la Fuente y Montenegro Smithee';
const EMPLOYEE_B = 'Bartholomew-Christopherson-Montgomery-Wolfeschlegelsteinhausenbergerdorff-Featherstonehaugh-Cholmond';
const SITE = 'North Yorkshire Regional Distribution and Customer Fulfilment Centre, Unit 14B Harrogate Road Estate';
// 50 characters: the longest exception type name; one without a space to break at.
const TYPE_A = 'Parental leave for the adoption of a child aged 5+';
const TYPE_B = 'Compassionateleavefortheimmediatefamilybereavement';
const HOLIDAY = `Commemoration of ${'the founding of the regional assembly and '.repeat(4)}the first charter of the city guilds`.slice(
  0,
  200,
);
const NOTE_TITLE = 'Quarterly stocktake across all of the warehouse aisles with the auditors present on both of the days';
const EXC_NOTES = Array.from({ length: 80 }, (_, i) => `Exception note line ${String(i).padStart(3, '0')} of the record.`)
  .join(' ')
  .slice(0, EXCEPTION_NOTES_MAX);
const NOTE_DESCRIPTION = Array.from({ length: 200 }, (_, i) => `Stocktake detail sentence ${String(i).padStart(3, '0')} here.`)
  .join(' ')
  .slice(0, NOTE_DESCRIPTION_MAX);

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
const exception = (id: number, employeeId: number, reasonName: string, notes: string | null) => ({
  id,
  employeeId,
  reasonId: id,
  reasonName,
  isAdditive: false,
  startDate: '2027-05-19',
  endDate: '2027-05-20',
  isFullDay: true,
  hours: null,
  notes,
});
const site: SiteData = {
  id: 1,
  name: SITE,
  settings: { saturdayWorkday: false, sundayWorkday: false },
  employees: [person(1, EMPLOYEE_A), person(2, EMPLOYEE_B)],
  exceptions: [exception(1, 1, TYPE_A, EXC_NOTES), exception(2, 2, TYPE_B, null)],
  holidays: [{ date: '2027-05-21', name: HOLIDAY }],
  dayChanges: [
    {
      date: '2027-05-18',
      currentHours: 15.2,
      defaultHours: 15.2,
      authorisedHours: null,
      isAuthorised: true,
      authorisedBy: 'operations.manager.for.the.northern.region.2027',
      authorisedAt: new Date('2027-05-17T08:30:00Z'),
    },
  ],
  notes: [{ id: 1, title: NOTE_TITLE, description: NOTE_DESCRIPTION, startDate: '2027-05-19', endDate: '2027-05-20' }],
};
const header = (layout: ReportHeader['layout']): ReportHeader => ({
  businessName: 'Hoursight Demonstration Holdings International Limited, Trading as Regional Staffing Services UK',
  startDate: '2027-05-17',
  endDate: '2027-05-23',
  generatedAt: new Date('2027-05-24T10:00:00Z'),
  generatedBy: 'operations.manager.for.the.northern.region.2027',
  layout,
});

/** `breaks`: the caption and header drawn again where a row runs onto the next page, taken out with the page footers. */
const expectWhole = (text: string, strings: string[], breaks: string[] = []) => {
  let flat = squash(text).replace(/Page\d+of\d+/g, '');
  for (const b of breaks) flat = flat.split(squash(b)).join('');
  for (const s of strings) expect(flat, s.slice(0, 40)).toContain(squash(s));
};

describe('report PDFs wrap long text instead of cutting it', { timeout: 30_000 }, () => {
  beforeAll(() => PdfWriter.open({ title: 'warm-up', author: 'test' }), 60_000);

  it('uses the longest names the server accepts', () => {
    expect(ZEmployeeInput.shape.name.safeParse(EMPLOYEE_A).success).toBe(true);
    expect(ZEmployeeInput.shape.name.safeParse(`${EMPLOYEE_B}x`).success).toBe(false);
    expect(ZEmployeeInput.shape.name.safeParse(EMPLOYEE_B).success).toBe(true);
    expect(ZCreateSiteRequest.shape.name.safeParse(SITE).success).toBe(true);
    expect(ZCreateSiteRequest.shape.name.safeParse(`${SITE}x`).success).toBe(false);
    expect(ZReasonInput.shape.name.safeParse(TYPE_A).success).toBe(true);
    expect(ZReasonInput.shape.name.safeParse(`${TYPE_B}x`).success).toBe(false);
    expect(ZCreateHolidayRequest.shape.name.safeParse(HOLIDAY).success).toBe(true);
    expect(ZCreateHolidayRequest.shape.name.safeParse(`${HOLIDAY}x`).success).toBe(false);
    expect([NOTE_TITLE.length, EXC_NOTES.length, NOTE_DESCRIPTION.length]).toEqual([NOTE_TITLE_MAX, 2000, 5000]);
  });

  it('prints every name, type, range and note of the detailed exceptions report whole', async () => {
    const out = pages(await reportPdf(buildExceptionsReport(header('detailed'), [site], true)));
    const all = out.join('\n');
    const excHead = 'Type Dates Amount Days Hours Notes';
    expectWhole(
      all,
      [
        'Hoursight Demonstration Holdings International Limited, Trading as Regional Staffing Services UK',
        SITE,
        EMPLOYEE_A,
        EMPLOYEE_B,
        `${TYPE_A} 2027-05-19 – 2027-05-20 Full day 2 -15.2 ${EXC_NOTES}`,
        `${TYPE_B} 2027-05-19 – 2027-05-20 Full day 2 -15.2`,
        `${SITE} 2027-05-19 – 2027-05-20 ${NOTE_TITLE} ${NOTE_DESCRIPTION}`,
        `${SITE} by type`,
        'Generated: 2027-05-24 10:00 UTC by operations.manager.for.the.northern.region.2027',
      ],
      [
        `${SITE} — ${EMPLOYEE_A} (continued) ${excHead}`,
        `${SITE} — ${EMPLOYEE_B} (continued) ${excHead}`,
        'Notes (continued) Site Dates Title Description',
      ],
    );
    expect(all).not.toContain('…');
    // The note's 5,000 characters are taller than a page: they run on below the repeated header.
    const start = out.findIndex((p) => p.includes('Stocktake detail sentence 000'));
    expect(start).toBeGreaterThan(-1);
    expect(out[start + 1]).toMatch(/^Notes \(continued\)\s+Site Dates Title Description\s+\d{3} here\./);
  });

  it('prints the summary exceptions report’s employee and type names whole', async () => {
    const all = pages(await reportPdf(buildExceptionsReport(header('summary'), [site], false))).join('\n');
    expectWhole(all, [SITE, `${EMPLOYEE_A} 1 2`, `${EMPLOYEE_B} 1 2`, `${TYPE_A} 1 2`, `${TYPE_B} 1 2`]);
    expect(all).not.toContain('…');
  });

  it('moves a wrapped row whole to the next page, under the repeated header', async () => {
    const names = Array.from({ length: 90 }, (_, i) => `${String(i).padStart(2, '0')} ${EMPLOYEE_A.slice(3)}`);
    const many: SiteData = {
      ...site,
      employees: names.map((n, i) => person(i + 1, n)),
      exceptions: names.map((_, i) => exception(i + 1, i + 1, TYPE_A, null)),
    };
    const out = pages(await reportPdf(buildExceptionsReport(header('summary'), [many], false)));
    expect(out.length).toBeGreaterThan(2);
    for (const p of out.slice(1)) expect(squash(p)).toContain(squash(`${SITE} (continued) Employee Exceptions Days away`));
    for (const n of names) expect(out.filter((p) => squash(p).includes(squash(`${n} 1 2 15.2`)))).toHaveLength(1);
  });

  it('prints the detailed hours report’s holiday names and authorisations whole', async () => {
    const all = pages(await reportPdf(buildHoursReport(header('detailed'), [site], '2027-05-24'))).join('\n');
    expectWhole(all, [
      `${SITE} (2 employees)`,
      `2027-05-21 Fri Holiday: ${HOLIDAY}`,
      'Authorised by operations.manager.for.the.northern.region.2027 2027-05-17 08:30 UTC',
    ]);
    expect(all).not.toContain('…');
  });

  it('prints the summary hours report’s site and week whole', async () => {
    const all = pages(await reportPdf(buildHoursReport(header('summary'), [site], '2027-05-24'))).join('\n');
    expectWhole(all, [`${SITE} (2 employees)`, '2027-05-17 – 2027-05-23']);
    expect(all).not.toContain('…');
  });
});

describe('a word breaks across lines only with a hyphen (decision 116)', { timeout: 30_000 }, () => {
  let w: PdfWriter;
  beforeAll(async () => {
    w = await PdfWriter.open({ title: 'hyphens', author: 'test' });
  }, 60_000);

  it('breaks at a soft hyphen, drawn as "-" only there, and after a hyphen of the word’s own', () => {
    const entitlement = `Entitle${SHY}ment`;
    expect(w.wrapLines(entitlement, 200, 'bold')).toEqual(['Entitlement']);
    expect(w.wrapLines(entitlement, w.measure('Entitle-', 'bold') + 0.5, 'bold')).toEqual(['Entitle-', 'ment']);
    expect(w.wrapLines(`Leave ${entitlement}`, w.measure('Leave Entitle-') + 0.5)).toEqual(['Leave Entitle-', 'ment']);
    const name = Math.max(w.measure('Bartholomew-'), w.measure('Christopherson')) + 0.5;
    expect(w.wrapLines('Bartholomew-Christopherson Smith', name)).toEqual(['Bartholomew-', 'Christopherson', 'Smith']);
    expect(
      w.wrapLines('Ann Bartholomew-Christopherson', Math.max(w.measure('Ann Bartholomew-'), w.measure('Christopherson')) + 0.5),
    ).toEqual(['Ann Bartholomew-', 'Christopherson']);
  });

  it('breaks a word with nowhere to break between characters, each piece but the last ending in an added hyphen', () => {
    const lines = w.wrapLines('Abcdefghijklmnop', w.measure('Abcd-') + 0.1);
    expect(lines[0]).toBe('Abcd-');
    expect(lines.length).toBeGreaterThan(2);
    expect(lines.slice(0, -1).every((l) => l.endsWith('-'))).toBe(true);
    expect(lines.at(-1)!.endsWith('-')).toBe(false);
    expect(lines.map((l) => l.replace(/-$/, '')).join('')).toBe('Abcdefghijklmnop');
    for (const l of lines) expect(w.measure(l)).toBeLessThanOrEqual(w.measure('Abcd-') + 0.1);
    // A hyphen of its own is used first; only a part too wide for a line is broken between characters.
    const names = w.wrapLines('Abcdefghijklmnop-Qrs', w.measure('Abcd-') + 0.1);
    expect(names.at(-1)).toBe('Qrs');
    expect(names.slice(0, -1).join('|')).toBe(lines.map((l, i) => (i === lines.length - 1 ? `${l}-` : l)).join('|'));
  });

  it('prints the balances report’s headers and longest names with a hyphen at every break', async () => {
    const row = (employeeId: number, employeeName: string) => ({
      employeeId,
      employeeName,
      entitlement: 200,
      accrued: 200,
      carriedOver: 16,
      expired: 8,
      taken: 11,
      booked: 24,
      pending: 16,
      adjustments: 4.5,
      remaining: 157.3,
      carryOverExpiresOn: null,
      days: null,
    });
    const report: BalancesReport = {
      kind: 'balances',
      header: header('summary'),
      sites: [
        {
          id: 1,
          name: 'Harrogate',
          balances: {
            year: 2027,
            yearStart: '2027-01-01',
            yearEnd: '2027-12-31',
            unit: 'hours',
            rows: [row(1, EMPLOYEE_B), row(2, 'Wolfeschlegelsteinhausenbergerdorff Smithee')],
          },
        },
      ],
    };
    const [text] = pages(await reportPdf(report));
    // Before, the narrow columns read "Entitleme" over "nt" and "Adjustment" over "s".
    expect(text).toContain('Employee Entitle-\nment\nAccrued Carried\nover\nExpired Taken Booked Pending Adjust-\nments\nRemaining\n');
    const lines = text!.split('\n');
    const first = lines.indexOf('Bartholomew-');
    expect(lines.slice(first, first + 4)).toEqual(['Bartholomew-', 'Christopherson-', 'Montgomery-', 'Wolfeschlegelsteinhau-']);
    const wolfe = lines.filter((l) => l.startsWith('Wolfeschlegelstein'));
    expect(wolfe).toEqual(['Wolfeschlegelsteinhau-', 'Wolfeschlegelsteinhau-']);
    expect(lines.filter((l) => l.startsWith('senbergerdorff'))).toEqual(['senbergerdorff-', 'senbergerdorff Smithee']);
    // No line of a table cell ends inside a word: every cut is at a space or after a hyphen.
    expect(squash(text!)).toContain(squash(EMPLOYEE_B));
  });
});
