/** The key under the page header: each line's style and each marker, in words (decision 100). */
export const CHART_LEGEND = [
  { label: 'Available', swatch: 'inline-block h-0 w-6 border-t-[3px] border-[#2563eb] dark:border-[#60a5fa]' },
  { label: 'Required (minimum)', swatch: 'inline-block h-0 w-6 border-t-2 border-[#c2410c] dark:border-[#fb923c]' },
  { label: 'Default', swatch: 'inline-block h-0 w-6 border-t border-[#64748b] dark:border-[#94a3b8]' },
  {
    label: 'If approved (pending requests)',
    swatch: 'inline-block h-0 w-6 border-t-2 border-dashed border-[#7c3aed] dark:border-[#c4b5fd]',
  },
  { label: '▲ Shortfall day', swatch: 'hidden' },
  { label: 'H Public holiday (shaded)', swatch: 'hidden' },
] as const;
