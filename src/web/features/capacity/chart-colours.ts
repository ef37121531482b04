/**
 * The chart's colours in each theme (decision 100). Lines and markers are graphics, so each keeps at least 3:1
 * against the card it is drawn on (WCAG 1.4.11); the line styles differ too (solid, step, thin, dashed), and the
 * markers by shape and letter, so no series is told by colour alone.
 */
export interface ChartColours {
  available: string;
  required: string;
  default: string;
  ifApproved: string;
  short: string;
  holidayBand: string;
  text: string;
  grid: string;
}

export const CHART_COLOURS: Record<'light' | 'dark', ChartColours> = {
  light: {
    available: '#2563eb',
    required: '#c2410c',
    default: '#64748b',
    ifApproved: '#7c3aed',
    short: '#b91c1c',
    holidayBand: 'rgba(100, 116, 139, 0.16)',
    text: '#334155',
    grid: '#e2e8f0',
  },
  dark: {
    available: '#60a5fa',
    required: '#fb923c',
    default: '#94a3b8',
    ifApproved: '#c4b5fd',
    short: '#f87171',
    holidayBand: 'rgba(148, 163, 184, 0.2)',
    text: '#cbd5e1',
    grid: '#334155',
  },
};

export const CARD_BACKGROUND = { light: '#ffffff', dark: '#111827' } as const;
