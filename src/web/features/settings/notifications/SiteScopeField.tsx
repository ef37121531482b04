import type { TSiteSummary } from '../../../../shared/contracts/auth';
import { Field, Select } from './parts';

type Scope = 'current' | 'selected' | 'all';

/** Current site, selected sites (checkboxes of the sites the user may use) or all of them. */
export function SiteScopeField(props: {
  id: string;
  scope: Scope;
  selected: number[];
  sites: TSiteSummary[];
  onScope: (s: Scope) => void;
  onSelected: (ids: number[]) => void;
}) {
  const { id, scope, selected, sites } = props;
  return (
    <div className="space-y-2">
      <Field id={id} label="Sites">
        <Select id={id} value={scope} onChange={(e) => props.onScope(e.target.value as Scope)}>
          <option value="current">Current site only</option>
          <option value="selected">Selected sites</option>
          <option value="all">All my sites ({sites.length})</option>
        </Select>
      </Field>
      {scope === 'selected' ? (
        <fieldset className="space-y-1 rounded-md border border-border p-2">
          <legend className="px-1 text-xs text-muted-foreground">Choose sites</legend>
          {sites.map((s) => (
            <label key={s.id} className="flex cursor-pointer items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="h-4 w-4 accent-primary"
                checked={selected.includes(s.id)}
                onChange={(e) => props.onSelected(e.target.checked ? [...selected, s.id] : selected.filter((x) => x !== s.id))}
              />
              {s.name}
            </label>
          ))}
        </fieldset>
      ) : null}
    </div>
  );
}
