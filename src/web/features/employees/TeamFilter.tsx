import type { TTeam } from '../../../shared/contracts/teams';
import { teamText } from './messages';

/** Every employee, those in no team, or one team's. */
export type TeamFilterValue = 'all' | 'none' | number;

/** The team filter beside the search box (decision 085): a native select, so keyboards and phones work as usual. */
export function TeamFilter({ teams, value, onChange }: { teams: TTeam[]; value: TeamFilterValue; onChange: (v: TeamFilterValue) => void }) {
  return (
    <select
      aria-label={teamText.filterLabel}
      className="mb-3 h-9 max-w-full min-w-0 rounded-md border border-input bg-card px-2 text-sm text-foreground focus-visible:outline-2 focus-visible:outline-ring sm:max-w-60"
      value={String(value)}
      onChange={(e) => onChange(e.target.value === 'all' || e.target.value === 'none' ? e.target.value : Number(e.target.value))}
    >
      <option value="all">{teamText.allTeams}</option>
      <option value="none">{teamText.noTeam}</option>
      {teams.map((t) => (
        <option key={t.id} value={t.id}>
          {t.name}
        </option>
      ))}
    </select>
  );
}
