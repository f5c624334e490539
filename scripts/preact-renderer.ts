import MagicString from 'magic-string';
import type { Alias, Plugin } from 'vite';

/**
 * The storefront is written against React's API (react, react-dom, React Router, React Aria) and
 * rendered by Preact through preact/compat: the same components, hooks and libraries, 23 kB of
 * renderer instead of react-dom's 202 kB (minified). The build, the dev server and the unit tests
 * all use it, so what the tests render is what shoppers run (docs/decisions/024).
 */
export function preactAliases(): Alias[] {
  return [
    { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
    { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
    { find: /^react-dom$/, replacement: 'preact/compat' },
    { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
    { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
    { find: /^react$/, replacement: 'preact/compat' },
  ];
}

/**
 * Two places where React Aria relies on react-dom internals that Preact does not reproduce:
 *
 * - Collections (tabs) render into a faux DOM through a portal. It implements what react-dom
 *   calls; Preact also calls ownerDocument.createElementNS and node.remove(). Both are added,
 *   mapped onto the faux DOM's own createElement and removeChild (preactjs/preact#4539).
 * - useKeyboard wraps the event as `{ ...e, ... }`. A React synthetic event keeps key,
 *   currentTarget and target as own fields; a native event (what Preact hands out) keeps them on
 *   its prototype, so the spread lost them and Escape never closed a dialog. The wrapper now
 *   copies them from the event first.
 */
export function reactAriaOnPreact(): Plugin {
  return { ...reactAriaPatches(), enforce: 'pre' };
}

/**
 * The patches as a plain Rolldown plugin: also what the dev server's dependency optimizer runs,
 * since it bundles React Aria before any Vite plugin sees it (vite.config.ts `optimizeDeps`).
 */
export function reactAriaPatches() {
  return {
    name: 'react-aria-on-preact',
    transform(code: string, id: string) {
      const faux = /\/react-aria\/dist\/private\/collections\/Document\.m?js(\?|$)/.test(id);
      const events = /\/react-aria\/dist\/private\/interactions\/createEventHandler\.m?js(\?|$)/.test(id);
      if (!faux && !events) return null;
      const out = new MagicString(code);
      if (faux) {
        const base = /([\w$]+) as BaseNode\b/.exec(code)?.[1];
        const document = /([\w$]+) as Document\b/.exec(code)?.[1];
        if (!base || !document) throw missing('the BaseNode and Document exports', id);
        out.append(`
${base}.prototype.remove = function remove() { if (this.parentNode) this.parentNode.removeChild(this); };
${document}.prototype.createElementNS = function createElementNS(_namespace, type) { return this.createElement(type); };
`);
      }
      if (events) {
        const spread = /let event = \{\s*\.\.\.e,/.exec(code);
        if (!spread) throw missing('the event spread', id);
        const at = spread.index + spread[0].length - 'e,'.length;
        out.overwrite(at, at + 1, '__nativeEventFields(e)');
        out.append(`
const __EVENT_FIELDS = ['type', 'target', 'currentTarget', 'key', 'code', 'keyCode', 'which', 'charCode', 'location',
  'repeat', 'isComposing', 'altKey', 'ctrlKey', 'metaKey', 'shiftKey', 'timeStamp', 'defaultPrevented', 'eventPhase'];
function __nativeEventFields(e) {
  if (typeof Event === 'undefined' || !(e instanceof Event)) return e;
  const fields = { ...e, nativeEvent: e.nativeEvent ?? e, getModifierState: (key) => e.getModifierState?.(key) ?? false };
  for (const name of __EVENT_FIELDS) if (name in e) fields[name] = e[name];
  return fields;
}
`);
      }
      return { code: out.toString(), map: out.generateMap({ hires: 'boundary', source: id }) };
    },
  };
}

/** A React Aria update moved what the patch expects: fail the build rather than ship it unpatched. */
function missing(what: string, id: string): Error {
  return new Error(`preact-renderer: ${what} not found in ${id}; React Aria changed, re-check docs/decisions/024`);
}
