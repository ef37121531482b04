/**
 * The rules of the searchable combobox (decision 115), kept pure so they are tested without a browser: which
 * options a typed text matches, and what each key does to the popup (WAI-ARIA 1.2 combobox pattern, "list
 * autocomplete with automatic selection").
 */

export interface ComboboxOption {
  value: string;
  label: string;
}

/** Lower case without accents or other combining marks: "Zoë Ångström" → "zoe angstrom". */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase('en');
}

/** The words of a text, folded: split at anything that is not a letter or a digit ("Mary-Ann O'Neil" → mary, ann, o, neil). */
export function foldedWords(text: string): string[] {
  return foldText(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w !== '');
}

/**
 * Whether an option's label matches what was typed: every typed word starts some word of the label, whatever
 * the case and accents ("ann" finds "Mary-Ann Smith", "sm ma" finds "Mary Smith"). Nothing typed matches all.
 */
export function matchesQuery(label: string, query: string): boolean {
  const typed = foldedWords(query);
  if (typed.length === 0) return true;
  const words = foldedWords(label);
  return typed.every((t) => words.some((w) => w.startsWith(t)));
}

/** The options that match, in their own order. */
export function filterOptions<T extends ComboboxOption>(options: readonly T[], query: string): T[] {
  return options.filter((o) => matchesQuery(o.label, query));
}

/** The one option whose label is exactly the typed text (case and accents aside), if any. */
export function exactOption<T extends ComboboxOption>(options: readonly T[], text: string): T | undefined {
  const folded = foldText(text.trim());
  if (folded === '') return undefined;
  const found = options.filter((o) => foldText(o.label) === folded);
  return found.length === 1 ? found[0] : undefined;
}

/** The popup: shown or not, and the index of the active option among those shown (-1: none). */
export interface PopupState {
  open: boolean;
  active: number;
}

export interface KeyInput {
  key: string;
  altKey?: boolean;
  /** How many options are shown. */
  count: number;
  /** The option that holds the current value, among those shown (-1: none), where the list opens. */
  selected: number;
}

/** What a key does: the next popup state, whether to pick the active option, and whether the key was used. */
export interface KeyOutcome {
  state: PopupState;
  pick: boolean;
  handled: boolean;
}

const unhandled = (state: PopupState): KeyOutcome => ({ state, pick: false, handled: false });

/**
 * One key on the combobox's input. Down opens the list on the current value (or the first option) and moves
 * down, wrapping; Alt+Down opens without moving; Up opens on the current value (or the last option) and moves up,
 * wrapping; Home and End go to the first and last option while one is active (else they move the caret); Enter
 * picks the active option; Escape closes the list (a closed list leaves Escape to the dialog); Tab picks the
 * active option of an open list and moves on.
 */
export function comboboxKey(state: PopupState, input: KeyInput): KeyOutcome {
  const { key, count, selected } = input;
  const last = count - 1;
  switch (key) {
    case 'ArrowDown': {
      if (input.altKey) return { state: { open: true, active: state.open ? state.active : -1 }, pick: false, handled: true };
      if (count === 0) return { state: { open: true, active: -1 }, pick: false, handled: true };
      if (!state.open) return { state: { open: true, active: selected >= 0 ? selected : 0 }, pick: false, handled: true };
      return { state: { open: true, active: state.active >= last ? 0 : state.active + 1 }, pick: false, handled: true };
    }
    case 'ArrowUp': {
      if (count === 0) return { state: { open: true, active: -1 }, pick: false, handled: true };
      if (!state.open) return { state: { open: true, active: selected >= 0 ? selected : last }, pick: false, handled: true };
      return { state: { open: true, active: state.active <= 0 ? last : state.active - 1 }, pick: false, handled: true };
    }
    case 'Home':
    case 'End': {
      if (!state.open || state.active < 0 || count === 0) return unhandled(state);
      return { state: { open: true, active: key === 'Home' ? 0 : last }, pick: false, handled: true };
    }
    case 'Enter': {
      if (!state.open) return unhandled(state);
      const can = state.active >= 0 && state.active < count;
      return { state: { open: !can && count > 0, active: state.active }, pick: can, handled: true };
    }
    case 'Escape': {
      if (!state.open) return unhandled(state);
      return { state: { open: false, active: -1 }, pick: false, handled: true };
    }
    case 'Tab': {
      if (!state.open || state.active < 0 || state.active >= count) return unhandled({ open: false, active: -1 });
      // The key still moves focus on: picked, but not handled.
      return { state: { open: false, active: -1 }, pick: true, handled: false };
    }
    default:
      return unhandled(state);
  }
}
