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
import type { ReportHeader, SiteData } from '../types';
import { reportPdf } from './render';
import { PdfWriter } from './writer';

/*
 * Every name, type, date range and note is as long as the server lets it be, and each must come back
 * whole from the PDF. Cells are drawn one after another, each top to bottom, so pdftotext's content
 * stream order (-raw) reads a wrapped cell as one run of text; the comparison drops whitespace, which
 * wrapping moves.
 */
const squash = (s: string) => s.replace(/\s+/g, '');
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
