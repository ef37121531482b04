import { Badge } from '../../components/ui/badge';

/** Spec §9: green at 90 or above, amber at 70 or above, red below 70. */
export const efficiencyTone = (efficiency: number) => (efficiency >= 90 ? 'green' : efficiency >= 70 ? 'amber' : 'red');

export function EfficiencyBadge({ efficiency }: { efficiency: number }) {
  const tone = efficiencyTone(efficiency);
  return (
    <Badge tone={tone} data-tone={tone} className="tabular-nums">
      {efficiency}%
    </Badge>
  );
}
