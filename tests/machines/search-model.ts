import type { AnyEventObject } from 'xstate';
import { searchMachine } from '../../machines/search/search.machine';
import type { SearchEvent, Suggestion } from '../../machines/search/search.types';
import { edgeOf, labelIn, type PathModel } from './test-model';

/**
 * Product search's path model (shared by tests/machines/search.machine.test.ts and the scenario
 * docs, docs/machines/search.md): what the shopper does, the two timers and the search's answers.
 */

export const AFTER_SUGGEST = 'xstate.after.suggestDebounce.search.suggestions.debouncing';
export const AFTER_TOGGLE = 'xstate.after.toggleDebounce.search.toggle.coolingDown';
export const DONE = 'xstate.done.actor.searchProducts';
export const ERROR = 'xstate.error.actor.searchProducts';

export const suggestion = (id: string, title: string): Suggestion => ({
  id,
  title,
  subtitle: `${title} subtitle`,
  url: `/product/product-long/${id}`,
  imageUrl: `/media/${id}.svg`,
  imageAlt: title,
  price: 999,
  soldOut: false,
});
export const found = [suggestion('rk-10-hunter', 'RK-10 Hunter'), suggestion('rk-15-carbine', 'RK-15 Carbine')];

const labelled: [string, AnyEventObject][] = [
  ['toggle', { type: 'search.toggle' }],
  ['type ""', { type: 'search.text.change', text: '' }],
  ['type "rk"', { type: 'search.text.change', text: 'rk' }],
  ['type "rk-1"', { type: 'search.text.change', text: 'rk-1' }],
  ['down', { type: 'search.selection.next' }],
  ['up', { type: 'search.selection.previous' }],
  ['enter', { type: 'search.submit' }],
  ['click 2nd', { type: 'search.suggestion.select', index: 1 }],
  ['escape', { type: 'search.close' }],
  ['reset', { type: 'search.reset' }],
  ['500 ms', { type: AFTER_SUGGEST }],
  ['1000 ms', { type: AFTER_TOGGLE }],
  ['answer', { type: DONE, output: found }],
  ['failure', { type: ERROR, error: new Error('Network Error') }],
];
export const events = labelled.map(([, event]) => event) as unknown as SearchEvent[];
export const labelOf = labelIn(labelled);

function serialize(state: { value: unknown; context: { text: string; suggestions: unknown[]; selectedIndex: number } }) {
  const { text, suggestions, selectedIndex } = state.context;
  return { value: state.value, text, suggestions: suggestions.length, selected: selectedIndex };
}

export const searchModel: PathModel<typeof searchMachine> = {
  machine: searchMachine,
  options: {
    events,
    // A node of the traversal is an edge (previous state, event, state), so the shortest paths take
    // every transition once, including those back to a state already reached (Enter, Escape).
    serializeState: edgeOf(serialize, labelOf),
  },
  starts: [{ name: '' }],
  labelOf,
};
