/**
 * Search text as the catalogue search compares it (issue 19 item 3, docs/decisions/039): case,
 * punctuation and spaces do not count, so "rk15", "rk 15", "RK15" and "RK-15" are one text.
 * The server applies the same rule in SQL (server/src/catalogue/content.ts) from the same two
 * constants below, so PGlite, PostgreSQL and the browser agree character for character: the
 * fold is a plain character map (SQL translate(), no locale) and the ignored characters are one
 * bracket expression that JavaScript and PostgreSQL regular expressions read alike.
 */

/** Upper-case letters and their lower-case forms (ASCII and Latin-1), paired by position. */
export const SEARCH_FOLD_FROM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZÀÁÂÃÄÅÆÇÈÉÊËÌÍÎÏÐÑÒÓÔÕÖØÙÚÛÜÝÞ';
export const SEARCH_FOLD_TO = 'abcdefghijklmnopqrstuvwxyzàáâãäåæçèéêëìíîïðñòóôõöøùúûüýþ';

/**
 * Characters a search ignores (after folding): every ASCII character but a-z and 0-9 (spaces,
 * controls, punctuation, symbols), Latin-1's spaces, punctuation and signs (U+0080-U+00BF, ×, ÷),
 * Unicode's general punctuation (U+2000-U+206F: spaces, dashes, quotes, ellipsis), the minus
 * sign, the Ogham space mark (U+1680), the ideographic space and the byte-order mark: with them,
 * every character JavaScript's \s matches. Letters and digits of other scripts count.
 */
export const SEARCH_IGNORED_PATTERN =
  '[\\u0000-\\u002f\\u003a-\\u0040\\u005b-\\u0060\\u007b-\\u00bf\\u00d7\\u00f7\\u1680\\u2000-\\u206f\\u2212\\u3000\\ufeff]';

const ignored = new RegExp(SEARCH_IGNORED_PATTERN, 'g');
const fold = new Map([...SEARCH_FOLD_FROM].map((upper, index) => [upper, SEARCH_FOLD_TO[index]]));

/** The text a search compares: folded to lower case, without punctuation and spaces. */
export function normalizeSearchText(text: string): string {
  let folded = '';
  for (const character of text) folded += fold.get(character) ?? character;
  return folded.replace(ignored, '');
}

/** True when `query` (as typed) is found in `text` once both are normalized; an empty query matches nothing. */
export function searchTextMatches(text: string, query: string): boolean {
  const needle = normalizeSearchText(query);
  return needle.length > 0 && normalizeSearchText(text).includes(needle);
}

/** Case-insensitive title order (catalogue spec section 7: "result list sorted by title, case-insensitively"), ties by exact text. */
export function compareTitles(a: string, b: string): number {
  const left = a.toLowerCase();
  const right = b.toLowerCase();
  if (left !== right) return left < right ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}
