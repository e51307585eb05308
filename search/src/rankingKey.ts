/**
 * The ranking tuple packed into one number, lower is better. It is the DocSearch template's, with
 * filters moved after typo (an Algolia `ranking` setting), so a kind of page is only demoted against
 * records that match its words as well, not against typo matches, and with two page-level parts
 * of the attribute criterion:
 *   words (more first), typo (fewer first), title-word misses (fewer first: the page-title
 *   prior), filters (lower page-type tier first), page weight (how much of the page is about the
 *   query's words, best first), attribute (best first), proximity (closer first), exact (more
 *   first), then the record's position in the custom ranking (desc weight.pageRank, desc
 *   weight.level, asc weight.position).
 * 16 · 21 · 7 · 4 · 8 · 800 · 64 · 16 · 2^17 < 2^53: exact in a double. The low 17 bits identify
 * the record (at most 131,071 records; the site has about 9,000).
 */
import { RANK_SPACE } from './searchIndex.ts';

export const WORDS_SPACE = 16;
export const FILTERS_SPACE = 4;
/** At most 10 query words with at most 2 typos each. */
export const TYPO_SPACE = 21;
/** Buckets of the page weight (0 = the best page for the query). */
export const PAGE_SPACE = 8;
/** Positions in the text the attribute criterion tells apart (buckets, see positionBucket). */
export const POSITION_BUCKETS = 8;
/** The attribute rank below the title-word misses: best attribute, deepest attribute, position. */
export const ATTR_WITHIN = 10 * 10 * POSITION_BUCKETS;
/** Title-word misses told apart (0 … 6). */
export const TITLE_SPACE = 7;
/** The attribute criterion: title-word misses * ATTR_WITHIN + the rank within (see attributeRank in scoring.ts). */
export const ATTR_SPACE = TITLE_SPACE * ATTR_WITHIN;
export const PROX_SPACE = 64;
export const EXACT_SPACE = 16;

export interface RankingInfo {
  nbTypos: number;
  words: number;
  firstMatchedWord: number;
  proximityDistance: number;
  nbExactWords: number;
  filters: number;
  userScore: number;
}

/**
 * `tier`: the record's page-type tier for the filters criterion, 0 (best) to FILTERS_SPACE - 1.
 * `attr`: title-word misses * ATTR_WITHIN + the attribute rank within. The title-word misses are
 * compared right after typo, before filters: the page whose title names the query's words beats
 * a kind of page ranked first otherwise; the rest of the attribute comes after filters and the
 * page weight `page` (0 best, PAGE_SPACE - 1 worst).
 */
export function encodeKey(words: number, tier: number, typo: number, attr: number, prox: number, exact: number, rank: number, page = 0): number {
  const wordsMiss = WORDS_SPACE - 1 - Math.min(words, WORDS_SPACE - 1);
  const f = Math.min(tier, FILTERS_SPACE - 1);
  const t = Math.min(typo, TYPO_SPACE - 1);
  const a = Math.min(attr, ATTR_SPACE - 1);
  const title = Math.floor(a / ATTR_WITHIN);
  const within = a % ATTR_WITHIN;
  const g = Math.min(page, PAGE_SPACE - 1);
  const d = Math.min(prox, PROX_SPACE - 1);
  const exactMiss = EXACT_SPACE - 1 - Math.min(exact, EXACT_SPACE - 1);
  return (((((((wordsMiss * TYPO_SPACE + t) * TITLE_SPACE + title) * FILTERS_SPACE + f) * PAGE_SPACE + g) * ATTR_WITHIN + within) * PROX_SPACE + d) * EXACT_SPACE + exactMiss) * RANK_SPACE + rank;
}

/** The record rank stored in a key. */
export function keyRank(key: number): number {
  return key % RANK_SPACE;
}

const BELOW_TYPO = RANK_SPACE * EXACT_SPACE * PROX_SPACE * ATTR_WITHIN * PAGE_SPACE * FILTERS_SPACE * TITLE_SPACE;

export function keyTypos(key: number): number {
  return Math.floor(key / BELOW_TYPO) % TYPO_SPACE;
}

/** The page-weight bucket stored in a key (not part of Algolia's ranking info). */
export function keyPage(key: number): number {
  return Math.floor(key / (RANK_SPACE * EXACT_SPACE * PROX_SPACE * ATTR_WITHIN)) % PAGE_SPACE;
}

export function decodeKey(key: number): RankingInfo {
  let rest = Math.floor(key / RANK_SPACE);
  const exactMiss = rest % EXACT_SPACE;
  rest = Math.floor(rest / EXACT_SPACE);
  const prox = rest % PROX_SPACE;
  rest = Math.floor(rest / PROX_SPACE);
  const within = rest % ATTR_WITHIN;
  rest = Math.floor(rest / ATTR_WITHIN);
  rest = Math.floor(rest / PAGE_SPACE);
  const tier = rest % FILTERS_SPACE;
  rest = Math.floor(rest / FILTERS_SPACE);
  const title = rest % TITLE_SPACE;
  rest = Math.floor(rest / TITLE_SPACE);
  const typo = rest % TYPO_SPACE;
  const wordsMiss = Math.floor(rest / TYPO_SPACE);
  return {
    nbTypos: typo,
    words: WORDS_SPACE - 1 - wordsMiss,
    firstMatchedWord: title * ATTR_WITHIN + within,
    proximityDistance: prox,
    nbExactWords: EXACT_SPACE - 1 - exactMiss,
    filters: FILTERS_SPACE - 1 - tier,
    userScore: RANK_SPACE - 1 - keyRank(key),
  };
}

/**
 * The `k` smallest keys of `keys[0..n)`, sorted ascending. A bounded max-heap: O(n log k), so a
 * page of 20 hits out of thousands of candidates costs little more than one pass.
 */
export function smallestKeys(keys: Float64Array, n: number, k: number): Float64Array {
  if (k <= 0 || n === 0) return new Float64Array(0);
  if (n <= k) return keys.slice(0, n).sort();
  const heap = new Float64Array(k);
  let size = 0;
  const siftDown = (i: number) => {
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < size && heap[l]! > heap[m]!) m = l;
      if (r < size && heap[r]! > heap[m]!) m = r;
      if (m === i) return;
      const t = heap[i]!;
      heap[i] = heap[m]!;
      heap[m] = t;
      i = m;
    }
  };
  for (let j = 0; j < n; j++) {
    const v = keys[j]!;
    if (size < k) {
      let i = size++;
      heap[i] = v;
      while (i > 0) {
        const parent = (i - 1) >> 1;
        if (heap[parent]! >= heap[i]!) break;
        const t = heap[i]!;
        heap[i] = heap[parent]!;
        heap[parent] = t;
        i = parent;
      }
    } else if (v < heap[0]!) {
      heap[0] = v;
      siftDown(0);
    }
  }
  return heap.sort();
}
