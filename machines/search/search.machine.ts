import { assign, emit, setup } from 'xstate';
import { notProvided } from '../shared/not-provided';
import {
  MIN_SUBMIT_LENGTH,
  MIN_SUGGEST_LENGTH,
  SUGGEST_DEBOUNCE_MS,
  TOGGLE_DEBOUNCE_MS,
  queryOf,
  type SearchContext,
  type SearchEmitted,
  type SearchEvent,
  type SuggestInput,
  type Suggestion,
} from './search.types';

/**
 * Product search (catalogue-and-content.md sections 2, 4, 5, 7, 9). Two parallel regions:
 *
 * - `toggle`: the search icon. A press toggles the overlay at once (`search.overlay.toggle` is
 *   emitted; the open flag lives in the shell's UI store) and further presses are ignored for
 *   1000 ms (`coolingDown`). Leading edge: the overlay answers the first press immediately, and a
 *   double click cannot open and close it again.
 * - `suggestions`: the text box. Text longer than 2 characters starts a 500 ms debounce
 *   (`debouncing`, restarted by every change), then `loading` asks `searchProducts`. Shorter
 *   text (empty or 1-2 characters) clears the suggestions and cancels a pending debounce or
 *   request: section 5 clears them on empty text, and issue 19 item 3 on any text too short to
 *   suggest for, so no list stays on screen that the text no longer asks for. A text change
 *   while `loading` leaves the state, which stops the invoked request: its answer is never
 *   delivered, so a stale response cannot overwrite newer suggestions. A failed request leaves
 *   no suggestions.
 *
 * Arrow up/down move the selection through the suggestions (wrapping, as in the ARIA combobox
 * pattern); Enter (`search.submit`) opens the selected suggestion, else goes to the results page
 * when the text has more than 1 character; a click opens that suggestion. Opening a suggestion
 * or the results clears text and suggestions (section 2: "Selecting a result clears the
 * suggestions"). Escape (`search.close`) clears them too and asks the app to close the overlay.
 *
 * Side effects are emitted events the app handles (navigation, the overlay flag) and the
 * `searchProducts` actor the app provides (machines/search/search.actors.ts).
 */
export const searchMachine = setup({
  types: {
    context: {} as SearchContext,
    events: {} as SearchEvent,
    emitted: {} as SearchEmitted,
  },
  actors: {
    searchProducts: notProvided<Suggestion[], SuggestInput>('searchProducts'),
  },
  actions: {
    setText: assign({ text: (_, params: { text: string }) => params.text }),
    setSuggestions: assign({
      suggestions: (_, params: { suggestions: Suggestion[] }) => params.suggestions,
      selectedIndex: -1,
    }),
    clearSuggestions: assign({ suggestions: [], selectedIndex: -1 }),
    clearSelection: assign({ selectedIndex: -1 }),
    /** Down: the next suggestion; from the last (or none) to the first. */
    selectNext: assign({
      selectedIndex: ({ context }) => (context.selectedIndex + 1) % context.suggestions.length,
    }),
    /** Up: the previous suggestion; from the first (or none) to the last. */
    selectPrevious: assign({
      selectedIndex: ({ context }) =>
        context.selectedIndex <= 0 ? context.suggestions.length - 1 : context.selectedIndex - 1,
    }),
    clearAll: assign({ text: '', suggestions: [], selectedIndex: -1 }),
    emitToggle: emit({ type: 'search.overlay.toggle' }),
    emitClose: emit({ type: 'search.overlay.close' }),
    emitOpenSuggestion: emit((_, params: { suggestion: Suggestion }) => ({
      type: 'search.suggestion.open' as const,
      suggestion: params.suggestion,
    })),
    emitOpenResults: emit((_, params: { query: string }) => ({ type: 'search.results.open' as const, query: params.query })),
  },
  guards: {
    isSuggestibleText: (_, params: { text: string }) => queryOf(params.text).length >= MIN_SUGGEST_LENGTH,
    hasSuggestions: ({ context }) => context.suggestions.length > 0,
    hasSelection: ({ context }) => context.suggestions[context.selectedIndex] !== undefined,
    canSubmit: ({ context }) => queryOf(context.text).length >= MIN_SUBMIT_LENGTH,
    isListedSuggestion: ({ context }, params: { index: number }) => context.suggestions[params.index] !== undefined,
  },
  delays: {
    suggestDebounce: SUGGEST_DEBOUNCE_MS,
    toggleDebounce: TOGGLE_DEBOUNCE_MS,
  },
}).createMachine({
  id: 'search',
  type: 'parallel',
  context: { text: '', suggestions: [], selectedIndex: -1 },
  states: {
    toggle: {
      initial: 'ready',
      states: {
        ready: {
          on: { 'search.toggle': { target: 'coolingDown', actions: 'emitToggle' } },
        },
        // Presses within 1000 ms of the last accepted one are ignored (section 9).
        coolingDown: {
          after: { toggleDebounce: 'ready' },
        },
      },
    },
    suggestions: {
      initial: 'idle',
      on: {
        'search.text.change': [
          {
            guard: { type: 'isSuggestibleText', params: ({ event }) => ({ text: event.text }) },
            // The region's active child is left and `debouncing` entered anew on every change: the
            // 500 ms start again and a running request is stopped. (No `reenter`: that would leave
            // the parallel parent too and reset the toggle region.)
            target: '.debouncing',
            actions: [{ type: 'setText', params: ({ event }) => ({ text: event.text }) }, 'clearSelection'],
          },
          {
            // Empty or 1-2 characters: nothing to suggest for, so nothing is shown.
            target: '.idle',
            actions: [{ type: 'setText', params: ({ event }) => ({ text: event.text }) }, 'clearSuggestions'],
          },
        ],
        'search.selection.next': { guard: 'hasSuggestions', actions: 'selectNext' },
        'search.selection.previous': { guard: 'hasSuggestions', actions: 'selectPrevious' },
        'search.submit': [
          {
            guard: 'hasSelection',
            target: '.idle',
            actions: [
              {
                type: 'emitOpenSuggestion',
                params: ({ context }) => ({ suggestion: context.suggestions[context.selectedIndex] }),
              },
              'clearAll',
            ],
          },
          {
            guard: 'canSubmit',
            target: '.idle',
            actions: [{ type: 'emitOpenResults', params: ({ context }) => ({ query: queryOf(context.text) }) }, 'clearAll'],
          },
        ],
        'search.suggestion.select': {
          guard: { type: 'isListedSuggestion', params: ({ event }) => ({ index: event.index }) },
          target: '.idle',
          actions: [
            { type: 'emitOpenSuggestion', params: ({ context, event }) => ({ suggestion: context.suggestions[event.index] }) },
            'clearAll',
          ],
        },
        'search.close': { target: '.idle', actions: ['clearAll', 'emitClose'] },
        'search.reset': { target: '.idle', actions: 'clearAll' },
      },
      states: {
        idle: {},
        debouncing: {
          after: { suggestDebounce: 'loading' },
        },
        loading: {
          invoke: {
            id: 'searchProducts',
            src: 'searchProducts',
            input: ({ context }) => ({ query: queryOf(context.text) }),
            onDone: {
              target: 'idle',
              actions: { type: 'setSuggestions', params: ({ event }) => ({ suggestions: event.output }) },
            },
            // Section 8: a failed search shows no results.
            onError: { target: 'idle', actions: 'clearSuggestions' },
          },
        },
      },
    },
  },
});
