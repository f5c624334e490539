// Search text normalization (issue 19 item 3, decision 039), shared by the server's search and
// the browser. tests/api/search.test.ts checks the SQL form against this one on the database.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  SEARCH_FOLD_FROM,
  SEARCH_FOLD_TO,
  compareTitles,
  normalizeSearchText,
  searchTextMatches,
} from '../../../src/domain/search-text';

describe('normalizeSearchText', () => {
  it('ignores case, punctuation and spaces', () => {
    for (const text of ['rk15', 'rk 15', 'RK15', 'RK-15', 'rk_15', ' r.k/1-5 ', 'RK\u2011\u200915', 'RK–15', '“RK-15”']) {
      expect(normalizeSearchText(text), text).toBe('rk15');
    }
    expect(normalizeSearchText('Summit 1-6x24 LPVO')).toBe('summit16x24lpvo');
    expect(normalizeSearchText('.308 Win & 6.5 CM')).toBe('308win65cm');
    expect(normalizeSearchText('--- ... ,,, ')).toBe('');
  });

  it('folds Latin-1 capitals and keeps letters and digits of any script', () => {
    expect(normalizeSearchText('Déjà VU À LA CARTE')).toBe('déjàvuàlacarte');
    expect(normalizeSearchText('ÉÀÞ')).toBe('éàþ');
    expect(normalizeSearchText('Ωmega 9×19')).toBe('Ωmega919');
    expect(normalizeSearchText('😀 x')).toBe('😀x');
  });

  it('pairs every folded capital with its lower-case form', () => {
    expect([...SEARCH_FOLD_FROM]).toHaveLength([...SEARCH_FOLD_TO].length);
    for (const [index, upper] of [...SEARCH_FOLD_FROM].entries()) expect(upper.toLowerCase()).toBe([...SEARCH_FOLD_TO][index]);
  });

  it('drops every character JavaScript counts as a space (the Ogham space mark U+1680 was once left)', () => {
    const spaces = [...Array(0x10000).keys()].map((code) => String.fromCharCode(code)).filter((character) => /\s/.test(character));
    expect(spaces.filter((space) => normalizeSearchText(`a${space}b`) !== 'ab')).toEqual([]);
  });

  it('is idempotent, and its result has no ASCII capitals, punctuation or spaces', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 40 }), (text) => {
        const once = normalizeSearchText(text);
        expect(normalizeSearchText(once)).toBe(once);
        const leftovers = [...once].filter((character) => (character < '\u0080' && !/[a-z0-9]/.test(character)) || /\s/.test(character));
        expect(leftovers).toEqual([]);
      }),
    );
  });

  it('does not change with spaces, punctuation or case put between characters', () => {
    const noise = fc.constantFrom(' ', '-', '.', '/', '_', ',', '\u00a0', '\u2013', "'", '(', ')');
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789'), minLength: 1, maxLength: 20 }), fc.array(noise), fc.boolean(), (word, marks, upper) => {
        const cased = upper ? word.toUpperCase() : word;
        const noisy = [...cased].map((character, index) => `${character}${marks[index] ?? ''}`).join('');
        expect(normalizeSearchText(noisy)).toBe(word);
      }),
    );
  });
});

describe('searchTextMatches', () => {
  it('finds a part of the text whatever its spacing, punctuation and case', () => {
    expect(searchTextMatches('RK-15 Carbine', 'rk15')).toBe(true);
    expect(searchTextMatches('RK-15 Carbine', 'rk 15 carb')).toBe(true);
    expect(searchTextMatches('Polymer AR-15 magazine', 'ar15')).toBe(true);
    expect(searchTextMatches('RK-10 Hunter', 'rk15')).toBe(false);
  });

  it('an empty query (only spaces and punctuation) matches nothing', () => {
    expect(searchTextMatches('RK-15 Carbine', '')).toBe(false);
    expect(searchTextMatches('RK-15 Carbine', ' - ')).toBe(false);
  });

  it('any slice of a text, however spaced or cased, is found in it', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 30 }), fc.nat(), fc.nat(), fc.boolean(), (text, a, b, upper) => {
        const [start, end] = [a % (text.length + 1), b % (text.length + 1)].sort((x, y) => x - y);
        const slice = text.slice(start, end);
        const query = (upper ? slice.toUpperCase() : slice.toLowerCase()).split('').join(' ');
        if (normalizeSearchText(query) === '') return;
        // ASCII text: the slice's normalized form is a part of the text's.
        expect(searchTextMatches(text, query)).toBe(true);
      }),
    );
  });
});

describe('compareTitles', () => {
  it('is a total order: antisymmetric and consistent with sorting', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (a, b) => {
        expect(Math.sign(compareTitles(a, b)) + Math.sign(compareTitles(b, a))).toBe(0);
        expect(compareTitles(a, b) === 0).toBe(a === b);
      }),
    );
  });
});
