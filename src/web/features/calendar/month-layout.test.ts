import { describe, expect, it } from 'vitest';
import { assignLines, layoutRow, MAX_LINES, MIN_LINES } from './month-layout';

/** A week row's pills as the model lists them per day: only the key matters to the layout. */
const week = (...days: string[][]) => days.map((keys) => keys.map((key) => ({ key })));
const EMPTY: string[] = [];
const singles = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}${i}`);

describe('month row layout', () => {
  it('keeps the limits the decision names', () => {
    expect([MIN_LINES, MAX_LINES]).toEqual([4, 8]);
  });

  it('a quiet week is four lines tall and draws nothing', () => {
    const row = layoutRow(week(EMPTY, EMPTY, EMPTY, EMPTY, EMPTY, EMPTY, EMPTY));
    expect(row.lines).toBe(4);
    expect(row.days).toEqual(Array.from({ length: 7 }, () => ({ lines: [], hidden: [] })));
  });

  it('ten exceptions on Wednesday and a Tuesday–Thursday span: the span keeps line 0, Wednesday draws six more and "+4 more"', () => {
    // Wednesday lists its ten one-day exceptions before the span, as the API may.
    const wed = [...singles('w', 10), 'span'];
    const row = layoutRow(week(EMPTY, ['span'], wed, ['span'], EMPTY, EMPTY, EMPTY));
    expect(row.lines).toBe(8);
    expect(row.days).toEqual([
      { lines: [], hidden: [] },
      { lines: [0], hidden: [] },
      // Line 0 is the span (index 10), lines 1–6 are w0–w5; w6–w9 go behind "+4 more" on line 7.
      { lines: [10, 0, 1, 2, 3, 4, 5], hidden: [6, 7, 8, 9] },
      { lines: [0], hidden: [] },
      { lines: [], hidden: [] },
      { lines: [], hidden: [] },
      { lines: [], hidden: [] },
    ]);
  });

  it('a span starting later keeps its line, leaving a gap where the pill above it has ended', () => {
    // a: Monday–Tuesday; b: Tuesday–Thursday. On Tuesday b is below a, so on Wednesday line 0 is empty.
    const row = layoutRow(week(['a'], ['a', 'b'], ['b'], ['b'], EMPTY, EMPTY, EMPTY));
    expect(row.lines).toBe(4);
    expect(row.days.slice(0, 4)).toEqual([
      { lines: [0], hidden: [] },
      { lines: [0, 1], hidden: [] },
      { lines: [null, 0], hidden: [] },
      { lines: [null, 0], hidden: [] },
    ]);
  });

  it('of spans starting the same day the longer goes on top, then list order', () => {
    expect(assignLines(week(['short', 'long', 'one'], ['long'], EMPTY, EMPTY, EMPTY, EMPTY, EMPTY))).toEqual([
      [1, 0, 2],
      [0],
      [],
      [],
      [],
      [],
      [],
    ]);
  });

  it('eight pills on a day fit the cap; nine show seven and "+2 more"', () => {
    const eight = layoutRow(week(singles('p', 8), EMPTY, EMPTY, EMPTY, EMPTY, EMPTY, EMPTY));
    expect(eight.lines).toBe(8);
    expect(eight.days[0]).toEqual({ lines: [0, 1, 2, 3, 4, 5, 6, 7], hidden: [] });

    const nine = layoutRow(week(EMPTY, EMPTY, EMPTY, EMPTY, EMPTY, EMPTY, singles('p', 9)));
    expect(nine.lines).toBe(8);
    expect(nine.days[6]).toEqual({ lines: [0, 1, 2, 3, 4, 5, 6], hidden: [7, 8] });
  });

  it('a row grows with its busiest day between four and eight lines', () => {
    expect(layoutRow(week(singles('a', 2), singles('b', 3), EMPTY, EMPTY, EMPTY, EMPTY, EMPTY)).lines).toBe(4);
    expect(layoutRow(week(singles('a', 2), singles('b', 6), EMPTY, EMPTY, EMPTY, EMPTY, EMPTY)).lines).toBe(6);
    expect(layoutRow(week(singles('a', 60), EMPTY, EMPTY, EMPTY, EMPTY, EMPTY, EMPTY)).lines).toBe(8);
  });

  it('on a crowded day a span keeps its line; a pill on the last line is drawn where the day fits, counted where not', () => {
    // Monday: seven one-day pills, x, and a Monday–Tuesday span listed last.
    const mon = [...singles('m', 7), 'x', 'span'];
    const row = layoutRow(week(mon, ['span'], EMPTY, EMPTY, EMPTY, EMPTY, EMPTY));
    // span (longer) takes line 0 on both days; m0–m6 lines 1–7 and x line 8 on Monday.
    expect(row.days[0]).toEqual({ lines: [8, 0, 1, 2, 3, 4, 5], hidden: [6, 7] });
    expect(row.days[1]).toEqual({ lines: [0], hidden: [] });

    // Seven long spans from Monday fill lines 0–6; a Monday–Tuesday span takes line 7, the last one.
    const long = singles('l', 7);
    const crowded = layoutRow(week([...long, 'late', 'z'], [...long, 'late'], long, EMPTY, EMPTY, EMPTY, EMPTY));
    // Monday overflows (nine pills): 'late' (line 7) and 'z' (line 8) are behind "+2 more".
    expect(crowded.days[0]).toEqual({ lines: [0, 1, 2, 3, 4, 5, 6], hidden: [7, 8] });
    // Tuesday has eight: 'late' is drawn on the last line, where Monday's "+2 more" stands.
    expect(crowded.days[1]).toEqual({ lines: [0, 1, 2, 3, 4, 5, 6, 7], hidden: [] });
  });

  it('"+N more" only when no empty line is left: a pill kept low by alignment moves up into a free line', () => {
    // Eight Monday–Tuesday spans take lines 0–7 and a Monday single line 8 (Monday overflows). A Tuesday–Wednesday
    // span finds lines 0–7 taken on Tuesday and gets line 8; on Wednesday it is the only pill.
    const pairs = singles('s', 8);
    const row = layoutRow(week([...pairs, 'm'], [...pairs, 't'], ['t'], EMPTY, EMPTY, EMPTY, EMPTY));
    expect(row.lines).toBe(8);
    expect(row.days[0]).toEqual({ lines: [0, 1, 2, 3, 4, 5, 6], hidden: [7, 8] });
    expect(row.days[1]).toEqual({ lines: [0, 1, 2, 3, 4, 5, 6], hidden: [7, 8] });
    // Wednesday: one pill, eight empty lines. It is drawn on the first line, never as "+1 more".
    expect(row.days[2]).toEqual({ lines: [0], hidden: [] });

    // Wednesday with seven singles besides: eight pills in eight lines, all drawn, t in the line left free.
    const busy = layoutRow(week([...pairs, 'm'], [...pairs, 't'], ['t', ...singles('w', 7)], EMPTY, EMPTY, EMPTY, EMPTY));
    expect(busy.days[2]).toEqual({ lines: [1, 2, 3, 4, 5, 6, 7, 0], hidden: [] });
    // And with eight singles: nine pills, seven lines drawn without a gap, "+2 more" for w7 and t.
    const over = layoutRow(week([...pairs, 'm'], [...pairs, 't'], ['t', ...singles('w', 8)], EMPTY, EMPTY, EMPTY, EMPTY));
    expect(over.days[2]).toEqual({ lines: [1, 2, 3, 4, 5, 6, 7], hidden: [0, 8] });
  });

  it('a capped row can be narrower than eight for a test cap', () => {
    const row = layoutRow(week(singles('p', 6), EMPTY, EMPTY, EMPTY, EMPTY, EMPTY, EMPTY), 5);
    expect(row.lines).toBe(5);
    expect(row.days[0]).toEqual({ lines: [0, 1, 2, 3], hidden: [4, 5] });
  });
});
