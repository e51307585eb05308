/**
 * Which dictionary words each query unit matches, and how well. A match quality is a small number,
 * lower is better: typos * 4 + kind, kind 0 = exact word (plurals count as exact), 1 = whole word
 * with typos, 2 = beginning of a longer word (prefix), 3 = another form of the word (no typo).
 */
import type { Dictionary } from './dictionary.ts';
import type { QueryUnit } from './query.ts';
import type { SearchSettings } from './settings.ts';
import { SYNONYM_MAP } from './synonyms.ts';
import { pluralVariants, wordStem } from './text.ts';

export const KIND_EXACT = 0;
export const KIND_TYPO = 1;
export const KIND_PREFIX = 2;
/**
 * Another form of the word (same light stem: `authenticate` for `authentication`): no typo, like a
 * plural, but not exact either, so it ranks below the word as typed only on the exact criterion.
 */
export const KIND_FORM = 3;

/** A version number written with a v: `v5`, `v10`. */
const VERSION_WORD = /^v([0-9]{1,3})$/;

export const qualityTypos = (q: number) => q >> 2;
export const qualityKind = (q: number) => q & 3;

type MatchSettings = Pick<
  SearchSettings,
  'typoTolerance' | 'minWordSizefor1Typo' | 'minWordSizefor2Typos' | 'allowTyposOnNumericTokens' | 'ignorePlurals'
>;

export function allowedTypos(word: string, s: MatchSettings): number {
  if (s.typoTolerance === false) return 0;
  if (!s.allowTyposOnNumericTokens && /^[0-9]+$/.test(word)) return 0;
  if (word.length >= s.minWordSizefor2Typos) return 2;
  if (word.length >= s.minWordSizefor1Typo) return 1;
  return 0;
}

/** Exact ids of a word and, with ignorePlurals, of its singular/plural forms present in the index. */
export function exactTerms(dict: Dictionary, word: string, ignorePlurals: boolean): number[] {
  const out: number[] = [];
  const id = dict.id(word);
  if (id >= 0) out.push(id);
  if (ignorePlurals) {
    for (const v of pluralVariants(word)) {
      const vid = dict.id(v);
      if (vid >= 0) out.push(vid);
    }
  }
  return out;
}

function keep(map: Map<number, number>, term: number, quality: number): void {
  const old = map.get(term);
  if (old === undefined || quality < old) map.set(term, quality);
}

/** Term id → quality for one query word. */
export function matchWord(dict: Dictionary, word: string, prefix: boolean, exactOnly: boolean, s: MatchSettings): Map<number, number> {
  const out = new Map<number, number>();
  const exact = exactTerms(dict, word, s.ignorePlurals && !exactOnly);
  if (exactOnly) {
    for (const t of exact) out.set(t, KIND_EXACT);
    return out;
  }
  // Typo tolerance is for words the index does not have. A word the docs use (as typed, as its
  // singular or plural, or in another form of the same stem) is what the reader meant: its typo
  // alternatives ("route" for "router", "rest" for "test") would only add records about other
  // things, and with the words criterion first they can outrank the records holding the word.
  const known = exact.length > 0 || (s.ignorePlurals && !/[0-9]/.test(word) && dict.withStem(wordStem(word)).length > 0);
  const typos = known ? 0 : allowedTypos(word, s);
  if (typos === 0) {
    if (prefix) {
      const [lo, hi] = dict.prefixRange(word);
      for (let t = lo; t < hi; t++) out.set(t, KIND_PREFIX);
    }
  } else {
    dict.fuzzy(word, typos, prefix, (lo, hi, d, prefixMatch) => {
      const quality = d * 4 + (prefixMatch ? KIND_PREFIX : KIND_TYPO);
      for (let t = lo; t < hi; t++) keep(out, t, quality);
    });
  }
  // Other forms of the word (same stem) match with no typo but not as exact: a reader typing
  // "authentication" is served by a heading "Authenticate with …" as well as by the noun, and the
  // exact criterion still puts the word as typed first when everything else is equal.
  if (s.ignorePlurals && !exactOnly && !/[0-9]/.test(word)) {
    for (const t of dict.withStem(wordStem(word))) keep(out, t, KIND_FORM);
  }
  // A version written with a v (`v5`, `v11`) is the number the docs write in "React Query 5" or
  // "tRPC 11" (and in `10.x`): another form of the word. The other way round needs nothing: `v10`
  // is indexed with its parts, so `10` finds it.
  const version = VERSION_WORD.exec(word);
  if (version && !exactOnly) for (const t of exactTerms(dict, version[1]!, false)) keep(out, t, KIND_FORM);
  for (const t of exact) out.set(t, KIND_EXACT);
  // Synonyms (and their plurals) match as the word itself, like Algolia's alternativesAsExact.
  // Their other forms (same stem) match like the word's own other forms.
  for (const alt of SYNONYM_MAP.get(word) ?? []) {
    if (s.ignorePlurals) for (const t of dict.withStem(wordStem(alt))) keep(out, t, KIND_FORM);
    for (const t of exactTerms(dict, alt, s.ignorePlurals)) keep(out, t, KIND_EXACT);
  }
  return out;
}

/** Term id → quality for a unit: a word, or the words of a phrase (each exact). */
export function matchUnit(dict: Dictionary, unit: QueryUnit, s: MatchSettings): Map<number, number> {
  if (unit.kind === 'word') return matchWord(dict, unit.word, unit.prefix, unit.exactOnly, s);
  const out = new Map<number, number>();
  for (const w of unit.words) for (const t of exactTerms(dict, w, false)) out.set(t, KIND_EXACT);
  return out;
}
