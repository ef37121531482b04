import { useMemo, useState } from 'react';
import { timeZoneOptions } from '../../../../shared/domain/time-zones';
import { Input } from '../../../components/ui/input';
import { browserTimeZone } from './form';
import { Select } from './parts';

/** Spec §9 time zone list (one row per clock), searchable by any zone's name or offset; IANA names so daylight saving follows the zone. */
export function TimeZoneField({ value, onChange }: { value: string; onChange: (zone: string) => void }) {
  const [search, setSearch] = useState('');
  // The spec's default is UTC; one click takes the zone this browser runs in.
  const mine = useMemo(() => browserTimeZone(), []);
  const shown = useMemo(() => timeZoneOptions(new Date(), value, search), [value, search]);
  return (
    <div className="space-y-1">
      <label htmlFor="notification-timezone" className="text-sm font-medium">
        Time zone
      </label>
      <Input
        type="search"
        aria-label="Search time zones"
        placeholder="Search time zones"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
      />
      <Select id="notification-timezone" value={value} onChange={(e) => onChange(e.target.value)}>
        {shown.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </Select>
      {mine !== value && mine !== 'UTC' ? (
        <button type="button" className="text-xs font-medium text-link hover:underline" onClick={() => onChange(mine)}>
          Use my time zone ({mine.replace(/_/g, ' ')})
        </button>
      ) : null}
    </div>
  );
}
