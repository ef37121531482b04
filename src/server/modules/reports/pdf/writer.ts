import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type PDFKitDocument from 'pdfkit';

/**
 * A small layout layer over pdfkit for reports (spec §9): A4, 10 mm margins, one flow of headings,
 * paragraphs and tables whose header row is drawn again at the top of every page a table runs onto,
 * page numbers added once the page count is known. Text stays text (selectable); the embedded DejaVu
 * Sans covers Latin, Greek and Cyrillic, and a character it lacks is drawn as its empty glyph, never
 * an error.
 */

/**
 * pdfkit is loaded by the first report: with its fonts' code it is about 5 MB of heap that every full
 * garbage collection of the server would otherwise mark (decision 059).
 */
let pdfkit: Promise<typeof PDFKitDocument> | undefined;

const MM = 72 / 25.4;
export const MARGIN = 10 * MM;
const FOOTER = 14;

const require = createRequire(import.meta.url);
const fontDir = `${require.resolve('dejavu-fonts-ttf/package.json').replace(/package\.json$/, '')}ttf/`;
// Read once per process; pdfkit subsets what each document uses.
const REGULAR = readFileSync(`${fontDir}DejaVuSans.ttf`);
const BOLD = readFileSync(`${fontDir}DejaVuSans-Bold.ttf`);

export interface Column {
  header: string;
  /** Share of the content width. */
  width: number;
  align?: 'left' | 'right';
}

const ROW_FONT = 8;
const LINE = 10.5;
const PAD = 3;
const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
/** A soft hyphen: where a word may break, drawn as "-" only there (decision 116). */
export const SHY = '\u00AD';

/** The parts of pdfkit's embedded font this writer uses (not in @types/pdfkit). */
interface EmbeddedFont {
  id: string;
  ascender: number;
  encode(text: string): [string[], unknown];
  ref(): unknown;
}
interface DocInternals {
  _font: EmbeddedFont;
  page: PDFKit.PDFPage & { fonts: Record<string, unknown> };
}

const num = (n: number) => (Math.round(n * 100) / 100).toString();
const rgb = (hex: string) => [1, 3, 5].map((i) => num(parseInt(hex.slice(i, i + 2), 16) / 255)).join(' ');

/*
 * Text and rules are written as raw content operators, batched per page, instead of one pdfkit
 * `text()` call per cell: pdfkit's per-call setup (options, save/restore, six small buffers) made a
 * 5,000-row report take seconds. Glyphs still go through the font's own `encode`, so the subset,
 * widths and ToUnicode map (what makes the text selectable and searchable) stay pdfkit's.
 * pdfkit's page space is top-left with y down; a text matrix of `1 0 0 -1 x y` draws upright glyphs in it.
 */
export class PdfWriter {
  readonly doc: PDFKit.PDFDocument;
  y: number;
  private readonly chunks: Buffer[] = [];
  private readonly done: Promise<Buffer>;
  readonly width: number;
  private readonly bottom: number;
  private font: 'regular' | 'bold' = 'regular';
  private size = 10;
  private ops: string[] = [];
  private color = '#000000';
  /** The font setting of the open text object, or null when none is open. */
  private textFont: string | null = null;
  /*
   * Per document, because each document subsets the font afresh: glyph hex per font and widths per font
   * and size, each keyed by the text alone (building compound keys was a measurable share of the time).
   */
  private readonly encodedBy = new Map<string, Map<string, string>>();
  private readonly widthsBy = new Map<string, Map<string, number>>();
  private encoded = this.cacheFor(this.encodedBy, 'regular');
  private widths = this.cacheFor(this.widthsBy, 'regular 10');

  /** A writer for a new document, once pdfkit is loaded. */
  static async open(meta: { title: string; author: string }): Promise<PdfWriter> {
    return new PdfWriter(meta, await (pdfkit ??= import('pdfkit').then((m) => m.default)));
  }

  private constructor(meta: { title: string; author: string }, PDFDocument: typeof PDFKitDocument) {
    this.doc = new PDFDocument({
      size: 'A4',
      margin: MARGIN,
      bufferPages: true,
      autoFirstPage: true,
      info: { Title: meta.title, Author: meta.author, Creator: 'Hoursight' },
    });
    this.doc.registerFont('regular', REGULAR);
    this.doc.registerFont('bold', BOLD);
    this.doc.font('regular').fontSize(10);
    this.doc.on('data', (c: Buffer) => this.chunks.push(c));
    this.done = new Promise((resolve, reject) => {
      this.doc.on('end', () => resolve(Buffer.concat(this.chunks)));
      this.doc.on('error', reject);
    });
    this.width = this.doc.page.width - 2 * MARGIN;
    this.bottom = this.doc.page.height - MARGIN - FOOTER;
    this.y = MARGIN;
  }

  private get internals(): DocInternals {
    return this.doc as unknown as DocInternals;
  }

  private cacheFor<T>(all: Map<string, Map<string, T>>, key: string): Map<string, T> {
    let m = all.get(key);
    if (!m) all.set(key, (m = new Map()));
    return m;
  }

  private use(font: 'regular' | 'bold', size: number) {
    if (font === this.font && size === this.size) return;
    if (font !== this.font) this.doc.font((this.font = font));
    if (size !== this.size) this.doc.fontSize((this.size = size));
    this.encoded = this.cacheFor(this.encodedBy, font);
    this.widths = this.cacheFor(this.widthsBy, `${font} ${size}`);
  }

  private fill(hex: string) {
    if (hex !== this.color) this.ops.push(`${rgb((this.color = hex))} rg`);
  }

  /** Draws `text` with its top-left corner at (x, y) in the current font. */
  private text(text: string, x: number, y: number) {
    const { _font: font, page } = this.internals;
    page.fonts[font.id] ??= font.ref();
    let hex = this.encoded.get(text);
    if (hex === undefined) this.encoded.set(text, (hex = font.encode(text)[0].join('')));
    const base = y + (font.ascender / 1000) * this.size;
    // Consecutive cells share one text object and font setting: fewer bytes to build and to compress.
    const tf = `/${font.id} ${num(this.size)} Tf`;
    if (this.textFont === null) this.ops.push(`BT ${tf}`);
    else if (this.textFont !== tf) this.ops.push(tf);
    this.textFont = tf;
    this.ops.push(`1 0 0 -1 ${num(x)} ${num(base)} Tm <${hex}> Tj`);
  }

  private hline(y: number, width: number, hex: string) {
    this.endText();
    this.ops.push(`${num(width)} w ${rgb(hex)} RG ${num(MARGIN)} ${num(y)} m ${num(MARGIN + this.width)} ${num(y)} l S`);
  }

  /** Closes an open text object (paths may not be drawn inside one). */
  private endText() {
    if (this.textFont === null) return;
    this.ops.push('ET');
    this.textFont = null;
  }

  /** Writes what is batched into the current page's content. */
  private flush() {
    this.endText();
    // Content is ASCII (operators and hex glyph ids): a latin1 Buffer skips pdfkit's per-char copy.
    if (this.ops.length) this.doc.addContent(Buffer.from(`${this.ops.join('\n')}\n`, 'latin1'));
    this.ops = [];
  }

  private newPage() {
    this.flush();
    this.doc.addPage();
    // A new page starts with pdfkit's default (black) fill.
    this.color = '#000000';
    this.y = MARGIN;
  }

  /** Starts a new page when `height` does not fit; returns true if it did. */
  ensure(height: number): boolean {
    if (this.y + height <= this.bottom) return false;
    this.newPage();
    return true;
  }

  /**
   * Text at the left margin, wrapped onto as many lines as it needs. A heading of a few lines is kept
   * on one page; only text taller than a page runs on line by line.
   */
  line(text: string, opts: { size?: number; bold?: boolean; gap?: number; color?: string } = {}) {
    const size = opts.size ?? 10;
    const h = size * 1.35;
    const font = opts.bold ? 'bold' : 'regular';
    this.use(font, size);
    const lines = this.wrap(text, this.width);
    if (lines.length * h <= this.bottom - MARGIN) this.ensure(lines.length * h);
    for (const l of lines) {
      this.ensure(h);
      this.use(font, size);
      this.fill(opts.color ?? '#000000');
      this.text(l, MARGIN, this.y);
      this.y += h;
    }
    this.fill('#000000');
    this.y += opts.gap ?? 0;
  }

  rule() {
    this.hline(this.y, 0.5, '#94a3b8');
    this.y += 4;
  }

  space(h: number) {
    this.y += h;
  }

  /**
   * A table whose cells wrap: a row is as tall as its longest cell. `title` is a bold line above the
   * table, kept on one page with the header row and the first row (or its first lines). On a page break
   * the header row is drawn again, preceded by `caption (continued)` so a reader always knows whose rows
   * these are; the rest of a split row follows it. `boldLast` sets the last row in bold (a total).
   */
  table(columns: Column[], rows: string[][], opts: { title?: { text: string; size: number }; caption?: string; boldLast?: boolean } = {}) {
    const xs: number[] = [];
    const ws: number[] = [];
    let x = MARGIN;
    for (const c of columns) {
      xs.push(x);
      ws.push(c.width * this.width);
      x += c.width * this.width;
    }
    const fontOf = (r: number) => (opts.boldLast && r === rows.length - 1 ? 'bold' : 'regular');
    const wrapRow = (row: string[], font: 'regular' | 'bold') => {
      this.use(font, ROW_FONT);
      return row.map((text, i) => this.wrap(text, ws[i] - 2 * PAD));
    };
    const heightOf = (lines: string[][]) => Math.max(1, ...lines.map((l) => l.length)) * LINE + 2;
    const heads = wrapRow(
      columns.map((c) => c.header),
      'bold',
    );
    const headH = heightOf(heads);
    const header = (continued: boolean) => {
      if (continued && opts.caption) this.line(`${opts.caption} (continued)`, { size: 9, bold: true });
      this.use('bold', ROW_FONT);
      this.fill('#e2e8f0');
      this.endText();
      this.ops.push(`${num(MARGIN)} ${num(this.y)} ${num(this.width)} ${num(headH)} re f`);
      this.fill('#000000');
      heads.forEach((ls, i) => ls.forEach((l, k) => this.cell(l, xs[i], ws[i], columns[i].align, this.y + 2 + k * LINE)));
      this.y += headH + 1;
    };
    /*
     * A row up to a third of a page moves whole to the next page; a taller one starts on any page with
     * room for a few of its lines, so a long note does not leave most of a page blank.
     */
    const keepWhole = this.freshRoom(opts.caption, headH) / 3;
    const minStart = 3 * LINE + 2;
    let titleH = 0;
    if (opts.title) {
      this.use('bold', opts.title.size);
      titleH = this.wrap(opts.title.text, this.width).length * opts.title.size * 1.35;
    }
    const first = rows.length ? heightOf(wrapRow(rows[0], fontOf(0))) : 0;
    this.ensure(titleH + headH + 1 + (first <= keepWhole ? first : minStart));
    if (opts.title) this.line(opts.title.text, { size: opts.title.size, bold: true });
    header(false);
    rows.forEach((row, r) => {
      const font = fontOf(r);
      const lines = wrapRow(row, font);
      const n = Math.max(1, ...lines.map((l) => l.length));
      const h = n * LINE + 2;
      if (this.y + h > this.bottom && (h <= keepWhole || this.bottom - this.y < minStart)) {
        this.newPage();
        header(true);
        this.use(font, ROW_FONT);
      }
      for (let k = 0; k < n;) {
        const end = Math.min(n, k + Math.max(1, Math.floor((this.bottom - this.y - 2) / LINE)));
        lines.forEach((ls, i) => {
          for (let j = k; j < end && j < ls.length; j++) this.cell(ls[j], xs[i], ws[i], columns[i].align, this.y + 1 + (j - k) * LINE);
        });
        this.y += (end - k) * LINE + 2;
        k = end;
        if (k < n) {
          this.newPage();
          header(true);
          this.use(font, ROW_FONT);
        }
      }
      this.hline(this.y, 0.3, '#cbd5e1');
    });
    this.y += 6;
  }

  /** The height rows have on a new page below the table's repeated caption and header. */
  private freshRoom(caption: string | undefined, headH: number): number {
    let used = headH + 1;
    if (caption) {
      this.use('bold', 9);
      used += this.wrap(`${caption} (continued)`, this.width).length * 9 * 1.35;
    }
    return this.bottom - MARGIN - used;
  }

  private cell(text: string, x: number, w: number, align: Column['align'], y: number) {
    if (!text) return;
    const dx = align === 'right' ? w - PAD - this.widthOf(text) : PAD;
    this.text(text, x + dx, y);
  }

  private widthOf(text: string): number {
    let w = this.widths.get(text);
    if (w === undefined) this.widths.set(text, (w = this.doc.widthOfString(text)));
    return w;
  }

  /**
   * Greedy word wrap in the current font: every character of `text` lands on some line, none is cut.
   * Line breaks in the text are kept. A word never breaks without a hyphen (decision 116): a word that does
   * not fit breaks at a soft hyphen (U+00AD, drawn as "-") or after a hyphen of its own, the latest that
   * fits; a word wider than a whole line with neither is broken between characters, each piece but the last
   * ending in an added "-".
   */
  private wrap(text: string, w: number): string[] {
    if (!text.includes('\n') && !text.includes(SHY) && this.widthOf(text) <= w) return [text];
    const out: string[] = [];
    for (const para of text.split(/\r?\n/)) {
      if (!para.includes(SHY) && this.widthOf(para) <= w) {
        out.push(para);
        continue;
      }
      let cur = '';
      const after = (s: string) => (cur ? `${cur} ${s}` : s);
      for (const word of para.split(/\s+/)) {
        let rest = word;
        while (rest) {
          const plain = rest.replaceAll(SHY, '');
          if (this.widthOf(after(plain)) <= w) {
            cur = after(plain);
            break;
          }
          const split = this.hyphenPoint(rest, (head) => this.widthOf(after(head)) <= w);
          if (split) {
            out.push(after(split[0]));
            cur = '';
            rest = split[1];
            continue;
          }
          if (cur) {
            // The word starts a line of its own, where it may fit or break at a hyphen.
            out.push(cur);
            cur = '';
            continue;
          }
          // Too wide for a line up to its first hyphen: that part in pieces, then the rest on.
          let first = -1;
          for (let i = 1; i < rest.length && first < 0; i++) {
            if ((rest[i] === SHY || rest[i] === '-') && rest.slice(i + 1).replaceAll(SHY, '')) first = i;
          }
          if (first > 0) {
            out.push(...this.breakWord(`${rest.slice(0, first).replaceAll(SHY, '')}-`, w));
            rest = rest.slice(first + 1);
            continue;
          }
          const pieces = this.breakWord(plain, w);
          cur = pieces.pop() ?? '';
          out.push(...pieces);
          break;
        }
      }
      out.push(cur);
    }
    return out;
  }

  /**
   * The latest place `word` may break with a hyphen so that its head fits (`fits`): after a soft hyphen (the head
   * ends in "-") or after one of its own hyphens. Returns the head as drawn and the rest, or null.
   */
  private hyphenPoint(word: string, fits: (head: string) => boolean): [string, string] | null {
    for (let i = word.length - 1; i > 0; i--) {
      const c = word[i - 1];
      if (c !== SHY && c !== '-') continue;
      const rest = word.slice(i);
      if (!rest.replaceAll(SHY, '')) continue;
      const head = `${word.slice(0, i - 1).replaceAll(SHY, '')}-`;
      if (fits(head)) return [head, rest];
    }
    return null;
  }

  /**
   * A word too wide for `w` with no hyphen to break at, in pieces that fit, each but the last ending in an added
   * hyphen (at least one character each, never inside a character).
   */
  private breakWord(word: string, w: number): string[] {
    const chars = Array.from(graphemes.segment(word), (s) => s.segment);
    const pieces: string[] = [];
    for (let start = 0; start < chars.length;) {
      // The last piece needs no hyphen.
      if (this.doc.widthOfString(chars.slice(start).join('')) <= w) {
        pieces.push(chars.slice(start).join(''));
        break;
      }
      let lo = start + 1;
      let hi = chars.length - 1;
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        // Measured directly: these trial prefixes would only fill the width cache.
        if (this.doc.widthOfString(`${chars.slice(start, mid).join('')}-`) <= w) lo = mid;
        else hi = mid - 1;
      }
      pieces.push(`${chars.slice(start, lo).join('')}-`);
      start = lo;
    }
    return pieces;
  }

  /** `text` wrapped to `width` points in a font and size, as a table cell or line would be (for tests). */
  wrapLines(text: string, width: number, font: 'regular' | 'bold' = 'regular', size = ROW_FONT): string[] {
    this.use(font, size);
    return this.wrap(text, width);
  }

  /** The width of `text` in points in a font and size (for tests). */
  measure(text: string, font: 'regular' | 'bold' = 'regular', size = ROW_FONT): number {
    this.use(font, size);
    return this.doc.widthOfString(text);
  }

  /** Adds "Page n of m" to every page, then ends the document. */
  async finish(): Promise<Buffer> {
    this.flush();
    const range = this.doc.bufferedPageRange();
    this.use('regular', 7.5);
    for (let i = 0; i < range.count; i++) {
      this.doc.switchToPage(range.start + i);
      const label = `Page ${i + 1} of ${range.count}`;
      this.color = '';
      this.fill('#475569');
      this.text(label, MARGIN + this.width - this.widthOf(label), this.doc.page.height - MARGIN - 8);
      this.flush();
    }
    this.doc.end();
    return this.done;
  }
}
