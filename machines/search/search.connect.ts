import type { SnapshotFrom } from 'xstate';
import type { searchMachine } from './search.machine';
import type { SearchEvent, Suggestion } from './search.types';

type SearchSnapshot = SnapshotFrom<typeof searchMachine>;
type Send = (event: SearchEvent) => void;

/** DOM id of a suggestion option, for `aria-activedescendant` (ARIA 1.2 combobox pattern). */
export function optionId(listboxId: string, index: number): string {
  return `${listboxId}-option-${index}`;
}

/**
 * A search snapshot as the combobox needs it (zag's connect pattern): what to show, the intents,
 * and prop getters carrying the ARIA wiring. The view decides nothing about search rules.
 */
export function connect(snapshot: SearchSnapshot, send: Send, ids: { listbox: string }) {
  const { context } = snapshot;
  const expanded = context.suggestions.length > 0;
  const selected = context.suggestions[context.selectedIndex];
  return {
    text: context.text,
    suggestions: context.suggestions,
    selectedIndex: context.selectedIndex,
    /** The list is shown while there are suggestions (section 2). */
    isExpanded: expanded,
    /** A request is waiting for its debounce or its answer. */
    isLoading: snapshot.matches({ suggestions: 'debouncing' }) || snapshot.matches({ suggestions: 'loading' }),
    /** The icon is settling (presses are ignored for 1000 ms). */
    isToggleCoolingDown: snapshot.matches({ toggle: 'coolingDown' }),

    toggle: () => send({ type: 'search.toggle' }),
    changeText: (text: string) => send({ type: 'search.text.change', text }),
    selectNext: () => send({ type: 'search.selection.next' }),
    selectPrevious: () => send({ type: 'search.selection.previous' }),
    submit: () => send({ type: 'search.submit' }),
    open: (index: number) => send({ type: 'search.suggestion.select', index }),
    close: () => send({ type: 'search.close' }),
    reset: () => send({ type: 'search.reset' }),

    /** Props of the text box: role=combobox with its list and the highlighted option. */
    getInputProps: () => ({
      role: 'combobox' as const,
      'aria-autocomplete': 'list' as const,
      'aria-expanded': expanded,
      'aria-controls': ids.listbox,
      'aria-activedescendant': selected ? optionId(ids.listbox, context.selectedIndex) : undefined,
      value: context.text,
    }),
    getListboxProps: () => ({ role: 'listbox' as const, id: ids.listbox }),
    getOptionProps: (suggestion: Suggestion, index: number) => ({
      role: 'option' as const,
      id: optionId(ids.listbox, index),
      'aria-selected': index === context.selectedIndex,
      'data-suggestion-id': suggestion.id,
    }),
  };
}

export type SearchApi = ReturnType<typeof connect>;
