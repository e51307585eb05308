/**
 * Per-query scratch state over a SearchIndex: which records each query unit matched and how well,
 * and the ranking key of a record. Arrays are allocated once and reused; a query id stamps what
 * belongs to the current query, so nothing is cleared between queries. Not re-entrant: one
 * query at a time (Node runs the engine on one thread).
 */
import { KIND_EXACT, qualityKind, qualityTypos } from './matcher.ts';
import type { QueryUnit } from './query.ts';
import { ATTR_WITHIN, encodeKey, PAGE_SPACE, POSITION_BUCKETS, TITLE_SPACE } from './rankingKey.ts';
import { ATTRIBUTE_POSITIONS, attributeScore, type SearchIndex } from './searchIndex.ts';
import { ATTRIBUTE_COUNT, KEYWORDS_ATTRIBUTE, LIMITS, PAGE_TYPE_DEMOTIONS, VOCABULARY_ATTRIBUTE } from './settings.ts';
import { PAGE_TYPES } from './types.ts';

/**
 * The filters-criterion tier of each page type for a query: its demotion tier, or 0 when a query
 * word asks for that kind of page (`migrate` for migration guides, `announcing` for blog posts).
 */
export function pageTypeTiers(words: readonly string[]): Uint8Array {
  return pageTypeRules(words).tiers;
}

/** How a page type's title counts for the page-title prior. */
export const TITLE_NEVER = 0;
export const TITLE_WHOLE = 1;
export const TITLE_ALWAYS = 2;

/**
 * Per page type for a query: its filters-criterion tier, and how its title counts for the
 * page-title prior (always, unless a kind of page is demoted and its demotion says otherwise).
 */
export function pageTypeRules(words: readonly string[]): { tiers: Uint8Array; titleCounts: Uint8Array } {
  const tiers = new Uint8Array(PAGE_TYPES.length);
  const titleCounts = new Uint8Array(PAGE_TYPES.length).fill(TITLE_ALWAYS);
  for (const rule of PAGE_TYPE_DEMOTIONS) {
    const lifted = rule.unlessWord !== undefined && words.some((w) => rule.unlessWord!.test(w));
    const at = PAGE_TYPES.indexOf(rule.type);
    tiers[at] = lifted ? 0 : rule.tier;
    titleCounts[at] = lifted ? TITLE_ALWAYS : rule.titleCounts === 'whole' ? TITLE_WHOLE : TITLE_NEVER;
  }
  return { tiers, titleCounts };
}

export const MAX_UNITS = LIMITS.maxQueryWords;
/** BM25's parameters for the page weight: term-frequency saturation and length normalisation. */
const PAGE_K1 = 1.2;
const PAGE_B = 0.75;
/** Attribute score of a word a record has only through its page (spreadPages): the keywords attribute. */
const KEYWORDS_SCORE = KEYWORDS_ATTRIBUTE * ATTRIBUTE_POSITIONS;
const PROX_MAX = 8;
/** Attribute scores run from 0 (lvl0) to 10 * 512 - 1 (vocabulary); this is worse than any. */
const ATTR_WORST = ATTRIBUTE_COUNT * ATTRIBUTE_POSITIONS;
/** Title-word misses the attribute criterion tells apart (more count as this many). */
export const TITLE_MISS_MAX = TITLE_SPACE - 1;
/**
 * A query word names a page title when the title's words joined end it, as a factory or hook
 * names what it makes (`createServerSideHelpers` → "Server-side helpers", `createContext` →
 * "Context"): for words of at least IDENTIFIER_MIN letters, titles of at least TITLE_SUFFIX_MIN.
 */
const IDENTIFIER_MIN = 8;
const TITLE_SUFFIX_MIN = 5;
/** Bit of the page title (lvl1) in an attribute mask. */
const TITLE_BIT = 1 << 1;
/** Bit of the vocabulary (the page's meta keywords, on its title record) in an attribute mask. */
const VOCABULARY_BIT = 1 << VOCABULARY_ATTRIBUTE;
/**
 * Bucket of a word position in the text for the attribute criterion: the first words one by one,
 * then ever wider ranges (0, 1, 2, 3–4, 5–8, 9–16, 17–32, later).
 */
export function positionBucket(position: number): number {
  if (position < 3) return position;
  return Math.min(POSITION_BUCKETS - 1, 32 - Math.clz32(position - 1) + 1);
}

/**
 * The attribute criterion of a record. First the page-level prior: how many matched query words
 * are missing from the page title (lvl1, which every record of a page carries), so the sections of
 * the page whose title is the query's topic rank above a section of a long page that mentions it,
 * and a title naming two of the words above one naming one. Then, from two attribute scores
 * (attribute * 512 + position in the ordered content): the best attribute any query word is found
 * in, then the deepest one needed to find them all, which keeps one word in a heading from carrying
 * words that are only in the text, then the position in the text.
 */
export function attributeRank(best: number, deepest: number, titleMiss = 0): number {
  const bestAttribute = Math.floor(best / ATTRIBUTE_POSITIONS);
  const deepestAttribute = Math.floor(deepest / ATTRIBUTE_POSITIONS);
  const position = positionBucket(deepest % ATTRIBUTE_POSITIONS);
  const within = (bestAttribute * ATTRIBUTE_COUNT + deepestAttribute) * POSITION_BUCKETS + position;
  return Math.min(titleMiss, TITLE_MISS_MAX) * ATTR_WITHIN + within;
}
const OCC_CAP = 32;

function popcount(x: number): number {
  let c = 0;
  for (let v = x; v; v &= v - 1) c += 1;
  return c;
}

export class Scoring {
  qid = 0;
  /** Records touched by any unit in this query, and how many. */
  readonly touched: Int32Array;
  touchedLen = 0;
  /** Units matched by each record (bit mask), valid when recStamp[r] === qid. */
  readonly recMask: Uint16Array;
  readonly excluded: Int32Array;
  private readonly recStamp: Int32Array;
  private readonly slotStamp: Int32Array[] = [];
  private readonly slotTypo: Uint8Array[] = [];
  private readonly slotAttr: Uint16Array[] = [];
  private readonly slotExact: Uint8Array[] = [];
  /** Attributes (bit mask) the unit's best matches occur in. */
  private readonly slotIn: Uint16Array[] = [];
  private readonly termStamp: Int32Array;
  private readonly termMask: Uint16Array;
  private readonly occ: Int32Array[] = [];
  private readonly occLen = new Int32Array(MAX_UNITS);
  private unitTerms: Map<number, number>[] = [];
  /** Term id of each word unit as typed (not a plural form), or -1. */
  private literal: number[] = [];
  /** Filters-criterion tier of each page type for the current query. */
  private tiers: Uint8Array = pageTypeTiers([]);
  /**
   * Units (bit mask) that name each page title (by title id) the way a code identifier does: the
   * title's words joined are the end of the word (`createSSGHelpers` for "SSG helpers").
   */
  private readonly titleNamed: Uint16Array;
  /** Whether each page type's title counts for the page-title prior, for the current query. */
  private titleCounts: Uint8Array = pageTypeRules([]).titleCounts;

  /** Per page, for the current query: how many of its records matched each unit (page * MAX_UNITS + unit). */
  private readonly pageHits: Int32Array;
  private readonly pageStamp: Int32Array;
  private readonly pageList: Int32Array;
  /** Page-weight bucket of each page for the current query (valid when pageStamp[p] === qid). */
  private readonly pageBucket: Uint8Array;
  private readonly pageScore: Float64Array;
  /** Units matched by any candidate record of each page, and each unit's fewest typos there. */
  private readonly pageMask: Uint16Array;
  private readonly pageTypo: Uint8Array;
  private pagesSeen = 0;

  constructor(readonly index: SearchIndex) {
    const n = index.size;
    this.pageHits = new Int32Array(index.pageCount * MAX_UNITS);
    this.pageStamp = new Int32Array(index.pageCount);
    this.pageList = new Int32Array(index.pageCount);
    this.pageBucket = new Uint8Array(index.pageCount);
    this.pageScore = new Float64Array(index.pageCount);
    this.pageMask = new Uint16Array(index.pageCount);
    this.pageTypo = new Uint8Array(index.pageCount * MAX_UNITS);
    for (let i = 0; i < MAX_UNITS; i++) {
      this.slotStamp.push(new Int32Array(n));
      this.slotTypo.push(new Uint8Array(n));
      this.slotAttr.push(new Uint16Array(n));
      this.slotExact.push(new Uint8Array(n));
      this.slotIn.push(new Uint16Array(n));
      this.occ.push(new Int32Array(OCC_CAP));
    }
    this.touched = new Int32Array(n);
    this.recStamp = new Int32Array(n);
    this.recMask = new Uint16Array(n);
    this.excluded = new Int32Array(n);
    this.termStamp = new Int32Array(index.dict.size);
    this.termMask = new Uint16Array(index.dict.size);
    this.titleNamed = new Uint16Array(index.titleWords.length);
  }

  /** Starts a query; stamps of older queries stop counting. */
  begin(units: QueryUnit[], unitTerms: Map<number, number>[]): number {
    if (this.qid >= 0x7ffffff0) {
      this.qid = 0;
      for (const a of this.slotStamp) a.fill(0);
      this.recStamp.fill(0);
      this.pageStamp.fill(0);
      this.excluded.fill(0);
      this.termStamp.fill(0);
    }
    this.qid += 1;
    this.touchedLen = 0;
    this.unitTerms = unitTerms;
    this.literal = units.map((u) => (u.kind === 'word' ? this.index.dict.id(u.word) : -1));
    const rules = pageTypeRules(units.flatMap((u) => (u.kind === 'word' ? [u.word] : u.words)));
    this.tiers = rules.tiers;
    this.titleCounts = rules.titleCounts;
    this.titleNamed.fill(0);
    units.forEach((u, i) => {
      if (u.kind !== 'word' || u.word.length < IDENTIFIER_MIN) return;
      this.index.titleWords.forEach((title, id) => {
        if (title.length >= TITLE_SUFFIX_MIN && title.length < u.word.length && u.word.endsWith(title)) this.titleNamed[id]! |= 1 << i;
      });
    });
    return this.qid;
  }

  /** The filters-criterion tier of record r for the current query. */
  tier(r: number): number {
    return this.tiers[this.index.pageType[r]!]!;
  }

  isMatched(r: number): boolean {
    return this.recStamp[r] === this.qid;
  }

  exclude(term: number): void {
    const ix = this.index;
    for (let k = ix.bestStart[term]!; k < ix.bestStart[term + 1]!; k++) this.excluded[ix.bestRecord[k]!] = this.qid;
  }

  isExcluded(r: number): boolean {
    return this.excluded[r] === this.qid;
  }

  private markTerm(t: number, bit: number): void {
    if (this.termStamp[t] !== this.qid) {
      this.termStamp[t] = this.qid;
      this.termMask[t] = 0;
    }
    this.termMask[t]! |= bit;
  }

  private touch(r: number): void {
    if (this.recStamp[r] !== this.qid) {
      this.recStamp[r] = this.qid;
      this.recMask[r] = 0;
      this.touched[this.touchedLen++] = r;
    }
  }

  /** Records matched by unit i: best typo count, best attribute, whether an exact word matched. */
  collect(unit: QueryUnit, i: number): void {
    const ix = this.index;
    const qid = this.qid;
    const stamp = this.slotStamp[i]!;
    const typoA = this.slotTypo[i]!;
    const attrA = this.slotAttr[i]!;
    const exactA = this.slotExact[i]!;
    const inA = this.slotIn[i]!;
    const recStamp = this.recStamp;
    const recMask = this.recMask;
    const touched = this.touched;
    const bit = 1 << i;
    if (unit.kind === 'word') {
      const { bestStart, bestRecord, bestScore, bestAttrs } = ix;
      for (const [t, quality] of this.unitTerms[i]!) {
        this.markTerm(t, bit);
        const typo = qualityTypos(quality);
        const exact = qualityKind(quality) === KIND_EXACT ? 1 : 0;
        const end = bestStart[t + 1]!;
        for (let k = bestStart[t]!; k < end; k++) {
          const r = bestRecord[k]!;
          const score = bestScore[k]!;
          const attrs = bestAttrs[k]!;
          if (recStamp[r] !== qid) {
            recStamp[r] = qid;
            recMask[r] = 0;
            touched[this.touchedLen++] = r;
          }
          if (stamp[r] !== qid) {
            stamp[r] = qid;
            typoA[r] = typo;
            attrA[r] = score;
            exactA[r] = exact;
            inA[r] = attrs;
            recMask[r]! |= bit;
          } else if (typo < typoA[r]!) {
            // A match with fewer typos wins, with its own attribute: the attribute of a typo
            // alternative ("concepts" for "context") must not improve an exact match's.
            typoA[r] = typo;
            attrA[r] = score;
            exactA[r] = exact;
            inA[r] = attrs;
          } else if (typo === typoA[r]!) {
            if (score < attrA[r]!) attrA[r] = score;
            if (exact) exactA[r] = 1;
            inA[r]! |= attrs;
          }
        }
      }
      return;
    }
    // Phrase: occurrences of the first word followed by the others at consecutive positions.
    const ids = unit.words.map((w) => ix.dict.id(w));
    if (ids.some((t) => t < 0)) return;
    const first = ids[0]!;
    this.markTerm(first, bit);
    for (let k = ix.postStart[first]!; k < ix.postStart[first + 1]!; k++) {
      const r = ix.postRecord[k]!;
      const ap = ix.postAttrPos[k]!;
      let ok = true;
      for (let j = 1; j < ids.length && ok; j++) ok = ix.hasTermAt(r, ids[j]!, ap + j);
      if (!ok) continue;
      const score = attributeScore(ap);
      this.touch(r);
      if (stamp[r] !== qid) {
        stamp[r] = qid;
        typoA[r] = 0;
        attrA[r] = score;
        exactA[r] = 1;
        inA[r] = 1 << (ap >>> 16);
        recMask[r]! |= bit;
      } else {
        if (score < attrA[r]!) attrA[r] = score;
        inA[r]! |= 1 << (ap >>> 16);
      }
    }
  }

  /**
   * The page weight of every page with a candidate record: how much of the page is about the
   * query's words, in the manner of BM25 over pages (a page's records as its terms): for each
   * active unit, the number of the page's candidate records that match it, saturating (k1 = 1.2)
   * and normalised by the page's length in records (b = 0.75), times the unit's rarity over pages.
   * A page that treats the words in several sections outweighs one that mentions them once; a long
   * page that mentions everything is held back by its length. Pages are then put in PAGE_SPACE
   * buckets by their weight relative to the best page's (bucket 0 within 1/PAGE_SPACE of it).
   */
  weighPages(active: number, unitCount: number, eligible: (r: number) => boolean): void {
    const ix = this.index;
    const qid = this.qid;
    const hits = this.pageHits;
    const stamp = this.pageStamp;
    const list = this.pageList;
    let pages = 0;
    const df = new Int32Array(MAX_UNITS);
    for (let i = 0; i < this.touchedLen; i++) {
      const r = this.touched[i]!;
      const m = this.recMask[r]! & active;
      if (m === 0 || !eligible(r)) continue;
      const p = ix.pageOf[r]!;
      if (stamp[p] !== qid) {
        stamp[p] = qid;
        hits.fill(0, p * MAX_UNITS, p * MAX_UNITS + MAX_UNITS);
        this.pageMask[p] = 0;
        list[pages++] = p;
      }
      const seen = this.pageMask[p]!;
      this.pageMask[p]! |= m;
      for (let u = 0; u < unitCount; u++) {
        if (!(m & (1 << u))) continue;
        const typo = this.slotTypo[u]![r]!;
        if (!(seen & (1 << u)) || typo < this.pageTypo[p * MAX_UNITS + u]!) this.pageTypo[p * MAX_UNITS + u] = typo;
        // A word the record has only in its vocabulary (the page's meta keywords) finds the page
        // but says nothing about how much the page is about it: no page weight from it, so such
        // a page never outweighs one whose text uses the word.
        if (Math.floor(this.slotAttr[u]![r]! / ATTRIBUTE_POSITIONS) === VOCABULARY_ATTRIBUTE) continue;
        if (hits[p * MAX_UNITS + u]++ === 0) df[u]! += 1;
      }
    }
    const total = ix.pageCount;
    const idf = new Float64Array(MAX_UNITS);
    for (let u = 0; u < unitCount; u++) idf[u] = Math.log(1 + (total - df[u]! + 0.5) / (df[u]! + 0.5));
    let best = 0;
    for (let j = 0; j < pages; j++) {
      const p = list[j]!;
      const norm = PAGE_K1 * (1 - PAGE_B + (PAGE_B * ix.pageLength[p]!) / ix.meanPageLength);
      let score = 0;
      for (let u = 0; u < unitCount; u++) {
        const f = hits[p * MAX_UNITS + u]!;
        if (f > 0) score += (idf[u]! * f * (PAGE_K1 + 1)) / (f + norm);
      }
      this.pageScore[p] = score;
      if (score > best) best = score;
    }
    this.pagesSeen = pages;
    for (let j = 0; j < pages; j++) {
      const p = list[j]!;
      const rel = best > 0 ? this.pageScore[p]! / best : 1;
      this.pageBucket[p] = Math.min(PAGE_SPACE - 1, Math.floor((1 - rel) * PAGE_SPACE));
    }
  }

  /**
   * Page-level matching: a page of the first tier (docs, or the kind the query asks for) whose
   * candidate records together hold every active unit, though no one record does, is found through
   * the record standing for it (its title record), which then counts each missing unit as found in
   * its last attribute (keywords), with the fewest typos the page has for it and not as exact. A
   * question whose words are spread over a page (its title, a section, a code sample) finds the
   * page, ranked by the words criterion like any full match, and after a record holding all the
   * words itself on a page of equal weight (attribute). Call after weighPages, with the same units;
   * returns how many records it completed.
   */
  spreadPages(active: number, unitCount: number, eligible: (r: number) => boolean): number {
    if (unitCount < 2) return 0;
    const ix = this.index;
    const qid = this.qid;
    let completed = 0;
    for (let j = 0; j < this.pagesSeen; j++) {
      const p = this.pageList[j]!;
      if ((this.pageMask[p]! & active) !== active) continue;
      const r = ix.titleRecord[p]!;
      // Only pages of the kind ranked first for the query: a blog post or a migration guide is
      // long and mentions everything, so its words together say little about its topic.
      if (r < 0 || this.tier(r) !== 0 || !eligible(r)) continue;
      const has = this.recStamp[r] === qid ? this.recMask[r]! & active : 0;
      if (has === active) continue;
      this.touch(r);
      for (let u = 0; u < unitCount; u++) {
        const bit = 1 << u;
        if (!(active & bit) || has & bit) continue;
        this.slotStamp[u]![r] = qid;
        this.slotTypo[u]![r] = this.pageTypo[p * MAX_UNITS + u]!;
        this.slotAttr[u]![r] = KEYWORDS_SCORE;
        this.slotExact[u]![r] = 0;
        this.slotIn[u]![r] = 0;
        this.recMask[r]! |= bit;
      }
      completed += 1;
    }
    return completed;
  }

  /** The page-weight bucket of record r's page (0 when weighPages did not see it). */
  pageWeight(r: number): number {
    const p = this.index.pageOf[r]!;
    return this.pageStamp[p] === this.qid ? this.pageBucket[p]! : 0;
  }

  /**
   * Ranking key of a matched record for the active units. On a one-word query, exactness is graded
   * (a refinement of Algolia's exactOnSingleWordQuery "attribute", which is 0 or 1): 3 when a whole
   * heading is the word as typed, 2 when it is its singular or plural (`useQueries` for
   * `useQuery`), 1 for the word inside a longer value, 0 for a prefix or typo match. A lone word in
   * the text (a link, a table cell) is not a heading.
   */
  key(r: number, active: number, unitCount: number): number {
    const matched = this.recMask[r]! & active;
    let typo = 0;
    let attr = 0;
    let best = ATTR_WORST;
    let exact = 0;
    let words = 0;
    let inTitle = 0;
    let inVocabulary = 0;
    for (let u = 0; u < unitCount; u++) {
      if (!(matched & (1 << u))) continue;
      words += 1;
      if (this.slotIn[u]![r]! & TITLE_BIT || this.titleNamed[this.index.titleId[r]!]! & (1 << u)) inTitle += 1;
      else if (this.slotIn[u]![r]! & VOCABULARY_BIT) inVocabulary += 1;
      typo += this.slotTypo[u]![r]!;
      // The best heading a word is found in (lvl1 … lvl6; lvl0 names a whole sidebar section,
      // so it counts as no heading), and the deepest attribute needed to find every word.
      const a = this.slotAttr[u]![r]!;
      if (a > attr) attr = a;
      const b = a < ATTRIBUTE_POSITIONS ? ATTR_WORST : a;
      if (b < best) best = b;
      exact += this.slotExact[u]![r]!;
    }
    const counts = this.titleCounts[this.index.pageType[r]!]!;
    if (counts === TITLE_NEVER || (counts === TITLE_WHOLE && inTitle < this.index.titleLength[r]!)) inTitle = 0;
    // The page's vocabulary (its meta keywords, on its title record) names its subject in the
    // readers' words: a word found there counts as a title word for the page-title prior, for the
    // kinds of page whose title always counts.
    if (counts !== TITLE_ALWAYS) inVocabulary = 0;
    attr = attributeRank(best === ATTR_WORST ? attr : best, attr, words - inTitle - inVocabulary);
    if (popcount(active) === 1) {
      const u = 31 - Math.clz32(active);
      exact = this.slotExact[u]![r]! ? 1 + this.soleMatch(r, u) : 0;
    }
    const prox = words > 1 ? this.proximity(r, matched) : 0;
    return encodeKey(words, this.tier(r), typo, attr, prox, exact, this.index.rankOf[r]!, this.pageWeight(r));
  }

  /** 2 when one of the record's single-word headings (lvl1 … lvl6) is the unit's word as typed, 1 for its plural form, else 0. */
  private soleMatch(r: number, unit: number): number {
    const ix = this.index;
    const terms = this.unitTerms[unit];
    let best = 0;
    for (let j = ix.soleStart[r]!; j < ix.soleStart[r + 1]!; j++) {
      const t = ix.soleTerm[j]!;
      if (this.termStamp[t] !== this.qid || terms?.get(t) !== KIND_EXACT) continue;
      if (t === this.literal[unit]) return 2;
      best = 1;
    }
    return best;
  }

  /** Sum over neighbouring matched units of their closest distance in one attribute (at most 8 each). */
  private proximity(r: number, matched: number): number {
    const ix = this.index;
    this.occLen.fill(0);
    for (let j = ix.tokStart[r]!; j < ix.tokStart[r + 1]!; j++) {
      const t = ix.tokTerm[j]!;
      if (this.termStamp[t] !== this.qid) continue;
      let m = this.termMask[t]! & matched;
      while (m) {
        const u = 31 - Math.clz32(m & -m);
        m &= m - 1;
        if (this.occLen[u]! < OCC_CAP) this.occ[u]![this.occLen[u]!++] = ix.tokAttrPos[j]!;
      }
    }
    let total = 0;
    let prev = -1;
    for (let u = 0; u < MAX_UNITS; u++) {
      if (!(matched & (1 << u))) continue;
      if (prev >= 0) total += this.pairDistance(prev, u);
      prev = u;
    }
    return total;
  }

  private pairDistance(a: number, b: number): number {
    let best = PROX_MAX;
    const oa = this.occ[a]!;
    const ob = this.occ[b]!;
    for (let i = 0; i < this.occLen[a]!; i++) {
      const x = oa[i]!;
      for (let j = 0; j < this.occLen[b]!; j++) {
        const y = ob[j]!;
        if (x >>> 16 !== y >>> 16) continue;
        const d = y > x ? y - x : x - y + 1;
        if (d < best) best = d;
      }
    }
    return best;
  }
}
