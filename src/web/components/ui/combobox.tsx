import { ChevronDown } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { comboboxKey, exactOption, filterOptions, type ComboboxOption, type PopupState } from './combobox-logic';

export type { ComboboxOption } from './combobox-logic';

export interface ComboboxProps {
  id: string;
  /** The visible label. */
  label: ReactNode;
  options: readonly ComboboxOption[];
  /** The chosen option's value, or null. */
  value: string | null;
  onChange: (value: string | null) => void;
  /** Said when nothing matches what was typed ("No employee matches"). */
  emptyText: string;
  /** An option meaning "none" shown first while nothing is typed ("Not linked"); picking it gives null. */
  noneLabel?: string;
  placeholder?: string;
  invalid?: boolean;
  describedBy?: string;
  disabled?: boolean;
  /** The form library's ref callback (focus on an error). */
  inputRef?: (el: HTMLInputElement | null) => void;
  onBlur?: () => void;
  className?: string;
}

const NONE = '\u0000none';

/**
 * A text field that filters a long list as one types (decision 115): the WAI-ARIA 1.2 combobox pattern with a
 * listbox popup and list autocomplete with automatic selection. Typing shows the options whose words start
 * with what was typed (case and accents aside) with the first one active; Down and Up open the list and move,
 * Home and End go to its ends, Enter picks, Escape closes; leaving the field keeps the chosen name (or takes an
 * exact name typed in full). Focus stays in the input; the active option is `aria-activedescendant`.
 */
export function Combobox(props: ComboboxProps) {
  const { id, label, options, value, onChange, emptyText, noneLabel, placeholder, invalid, describedBy, disabled, inputRef, onBlur } =
    props;
  const listId = `${id}-listbox`;
  const labelId = `${id}-label`;
  const statusId = useId();
  const selectedOption = value === null ? undefined : options.find((o) => o.value === value);
  // What was typed since the list last closed; null shows the chosen option's name.
  const [query, setQuery] = useState<string | null>(null);
  const [popup, setPopup] = useState<PopupState>({ open: false, active: -1 });
  const text = query ?? selectedOption?.label ?? '';

  const shown = useMemo(() => {
    const matching = filterOptions(options, query ?? '');
    return noneLabel && !query?.trim() ? [{ value: NONE, label: noneLabel }, ...matching] : matching;
  }, [options, query, noneLabel]);
  const selectedIndex = shown.findIndex((o) => (value === null ? o.value === NONE : o.value === value));
  const listShown = popup.open && shown.length > 0;
  const nothingMatches = popup.open && shown.length === 0;
  const activeOption = listShown && popup.active >= 0 ? shown[popup.active] : undefined;
  const optionId = (index: number) => `${id}-option-${index}`;

  const close = () => {
    setPopup({ open: false, active: -1 });
    setQuery(null);
  };
  const pick = (option: ComboboxOption | undefined) => {
    if (option) onChange(option.value === NONE ? null : option.value);
    close();
  };

  // Escape closes an open list without closing the dialog around it: the dialog listens on the document in the
  // capture phase, so the list takes the key first, on the window.
  const input = useRef<HTMLInputElement | null>(null);
  useEffect(() => {
    if (!popup.open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.target !== input.current) return;
      e.stopPropagation();
      e.preventDefault();
      setPopup({ open: false, active: -1 });
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [popup.open]);

  // The active option stays in view as the arrows move through a long list.
  const list = useRef<HTMLUListElement>(null);
  useEffect(() => {
    if (!listShown || popup.active < 0) return;
    list.current?.querySelector(`#${CSS.escape(optionId(popup.active))}`)?.scrollIntoView({ block: 'nearest' });
    // optionId depends only on id.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [listShown, popup.active]);

  const setRefs = (el: HTMLInputElement | null) => {
    input.current = el;
    inputRef?.(el);
  };

  return (
    <div className={cn('space-y-1', props.className)}>
      <label id={labelId} htmlFor={id} className="text-sm font-medium text-foreground">
        {label}
      </label>
      <div className="relative">
        <input
          ref={setRefs}
          id={id}
          type="text"
          role="combobox"
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          aria-autocomplete="list"
          aria-expanded={listShown}
          aria-controls={listId}
          aria-activedescendant={activeOption ? optionId(popup.active) : undefined}
          aria-invalid={invalid ? true : undefined}
          aria-describedby={[nothingMatches ? statusId : null, describedBy].filter(Boolean).join(' ') || undefined}
          disabled={disabled}
          placeholder={placeholder}
          value={text}
          className="h-9 w-full rounded-md border border-input bg-card py-1.5 pr-8 pl-3 text-sm text-foreground placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-ring disabled:opacity-50 aria-[invalid=true]:border-destructive"
          onChange={(e) => {
            const typed = e.target.value;
            setQuery(typed);
            // Automatic selection: the first match is active, so Enter takes it.
            setPopup({ open: true, active: typed.trim() !== '' && filterOptions(options, typed).length > 0 ? 0 : -1 });
          }}
          onClick={() => {
            if (popup.open) return;
            setPopup({ open: true, active: selectedIndex });
          }}
          onKeyDown={(e) => {
            const outcome = comboboxKey(popup, { key: e.key, altKey: e.altKey, count: shown.length, selected: selectedIndex });
            if (outcome.handled) e.preventDefault();
            if (outcome.pick) pick(shown[popup.active]);
            else if (outcome.state !== popup) setPopup(outcome.state);
          }}
          onBlur={() => {
            if (query !== null) {
              // Leaving the field: an exact name typed in full is taken, an emptied field clears the choice, and
              // anything else gives the chosen name back.
              if (query.trim() === '') onChange(null);
              else {
                const exact = exactOption(options, query);
                if (exact) onChange(exact.value);
              }
            }
            close();
            onBlur?.();
          }}
        />
        <ChevronDown
          className="pointer-events-none absolute top-1/2 right-2.5 h-4 w-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden
        />
        <ul
          ref={list}
          id={listId}
          role="listbox"
          aria-labelledby={labelId}
          hidden={!listShown}
          // Clicking an option must not take focus from the input.
          onMouseDown={(e) => e.preventDefault()}
          className="absolute z-50 mt-1 max-h-60 w-full overflow-y-auto rounded-md border border-border bg-card py-1 text-sm shadow-lg"
        >
          {listShown
            ? shown.map((o, i) => (
                <li
                  key={o.value}
                  id={optionId(i)}
                  role="option"
                  aria-selected={i === popup.active}
                  onClick={() => pick(o)}
                  onMouseMove={() => {
                    if (popup.active !== i) setPopup({ open: true, active: i });
                  }}
                  className={cn(
                    'flex min-h-9 cursor-pointer items-center px-3 py-1.5 [overflow-wrap:anywhere]',
                    i === popup.active ? 'bg-primary text-primary-foreground' : 'text-foreground',
                    o.value === NONE && i !== popup.active ? 'text-muted-foreground' : null,
                    i === selectedIndex ? 'font-semibold' : null,
                  )}
                >
                  {o.label}
                </li>
              ))
            : null}
        </ul>
        <p
          id={statusId}
          role="status"
          className={cn(
            nothingMatches
              ? 'absolute z-50 mt-1 w-full rounded-md border border-border bg-card px-3 py-2 text-sm text-muted-foreground shadow-lg'
              : 'sr-only',
          )}
        >
          {nothingMatches ? emptyText : ''}
        </p>
      </div>
    </div>
  );
}
