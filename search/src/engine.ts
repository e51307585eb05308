/**
 * Algolia query semantics over a SearchIndex, with the DocSearch template's ranking:
 *   words, typo, filters (page-type tier), attribute, proximity, exact, custom(desc pageRank, desc level, asc position)
 * Every candidate gets one numeric key encoding that whole tuple (rankingKey.ts). Distinct on
 * `url` keeps each url's best key; only the hits of the requested page are then selected and
 * rendered, so a broad query costs one pass over its candidates plus a small heap.
 */
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { compileFilters, type CompiledFilters } from './filters.ts';
import type { HighlightContext } from './highlight.ts';
import { HitRenderer } from './hits.ts';
import { exactTerms, matchUnit } from './matcher.ts';
import { parseSearchParams, type SearchParams } from './params.ts';
import { parseQuery, unitWords, type QueryUnit } from './query.ts';
import { decodeKey, encodeKey, keyRank, keyTypos, smallestKeys } from './rankingKey.ts';
import { Scoring } from './scoring.ts';
import type { SearchIndex } from './searchIndex.ts';
import { FACET_ATTRIBUTES, INDEX_STOP_WORDS, LIMITS, STOP_WORDS_EN } from './settings.ts';

export type { RankingInfo } from './rankingKey.ts';

/** How long `warmUp` may run by default, and at most how many searches it prepares. */
const WARM_UP_MS = 250;
const WARM_UP_QUERIES = 400;

/** Query words whose dictionary matches are kept (least recently used ones go first). */
const MATCH_CACHE_SIZE = 2000;
/** …and at most this many matched words in all, so that short prefixes cannot fill the memory. */
const MATCH_CACHE_TERMS = 200_000;

export interface SearchResponse {
  hits: Record<string, unknown>[];
  nbHits: number;
  page: number;
  nbPages: number;
  hitsPerPage: number;
  exhaustiveNbHits: boolean;
  exhaustiveTypo: boolean;
  exhaustive: { nbHits: boolean; typo: boolean; facetsCount?: boolean };
  query: string;
  params: string;
  index: string;
  processingTimeMS: number;
  facets?: Record<string, Record<string, number>>;
  exhaustiveFacetsCount?: boolean;
  queryID?: string;
}

interface Plan {
  /** Bit mask of the query units that count. */
  active: number;
  /** Whether a record needs only one of them (removeWordsIfNoResults: allOptional). */
  optional: boolean;
}

interface Ranked {
  nbHits: number;
  /** Keys of the first `limit` distinct hits, best first. */
  top: Float64Array;
  /** Keys of every distinct hit (only when facets are counted). */
  all: Float64Array | null;
}

/**
 * removeStopWords: plain query words in the stop list (and the index's own, the product name) are
 * dropped, unless nothing would be left.
 * Quoted words and phrases stay.
 */
export function withoutStopWords(units: QueryUnit[], setting: boolean | string[]): QueryUnit[] {
  if (setting === false || (Array.isArray(setting) && !setting.includes('en'))) return units;
  const kept = units.filter((u) => u.kind !== 'word' || u.exactOnly || !(STOP_WORDS_EN.has(u.word) || INDEX_STOP_WORDS.has(u.word)));
  return kept.length > 0 ? kept : units;
}

export class Engine {
  private readonly scoring: Scoring;
  private readonly keyBuf: Float64Array;
  private readonly groupStamp: Int32Array;
  private readonly groupBest: Float64Array;
  private readonly groupList: Int32Array;
  private readonly groupCount: Uint8Array;
  private readonly matchCache = new Map<string, Map<number, number>>();
  private matchCacheTerms = 0;

  constructor(
    readonly index: SearchIndex,
    readonly indexName: string,
  ) {
    this.scoring = new Scoring(index);
    this.keyBuf = new Float64Array(index.size);
    this.groupStamp = new Int32Array(index.groupCount);
    this.groupBest = new Float64Array(index.groupCount);
    this.groupList = new Int32Array(index.groupCount);
    this.groupCount = new Uint8Array(index.groupCount);
  }

  /**
   * Runs searches shaped like the DocSearch modal's (page titles, and their first word as it is
   * typed) until `budgetMs` has passed, so that the JIT has compiled the hot paths before the first
   * reader arrives. Cold, a thread's first searches take 20–40 ms of CPU against about 0.5 ms warm,
   * and a reader thread counts an answer that costly against the reader's address (three send it to
   * the heavy thread for a while): right after a start, one address's burst could be sent there and
   * refused past its heavy cap. Returns how many searches ran; leaves no state a later search sees.
   */
  warmUp(budgetMs = WARM_UP_MS): number {
    const started = performance.now();
    const ix = this.index;
    const queries: { query: string; filters: string[] | null }[] = [];
    for (let p = 0; p < ix.pageCount && queries.length < WARM_UP_QUERIES; p++) {
      const r = ix.titleRecord[p]!;
      const rec = r >= 0 ? ix.records[r] : undefined;
      const title = rec?.hierarchy.lvl1;
      if (!rec || !title) continue;
      const filters = rec.language && rec.docusaurus_tag ? [`language:${rec.language}`, `docusaurus_tag:${rec.docusaurus_tag}`] : null;
      const first = title.split(/\s+/)[0]!;
      for (let end = 1; end <= Math.min(first.length, 4); end++) queries.push({ query: first.slice(0, end), filters });
      queries.push({ query: title, filters }, { query: title, filters: null });
    }
    let runs = 0;
    for (const { query, filters } of queries) {
      if (performance.now() - started >= budgetMs) break;
      try {
        this.search(
          parseSearchParams({
            query,
            hitsPerPage: 20,
            attributesToSnippet: ['hierarchy.lvl1:10', 'hierarchy.lvl2:10', 'content:10'],
            snippetEllipsisText: '…',
            highlightPreTag: '<mark>',
            highlightPostTag: '</mark>',
            ...(filters ? { facetFilters: [filters[0], [filters[1]]] } : {}),
          }),
        );
      } catch {
        break; // a record the parameters refuse (an overlong title): warming is only an optimisation
      }
      runs += 1;
    }
    return runs;
  }

  search(p: SearchParams): SearchResponse {
    const started = performance.now();
    const ix = this.index;
    const parsed = parseQuery(p.query, p.advancedSyntax, p.queryType);
    const units = withoutStopWords(parsed.units, p.removeStopWords);
    const filters = compileFilters(p.facetFilters, (a, v) => ix.member(a, v));
    const unitTerms = units.map((u) => this.matchCached(u, p));
    const sc = this.scoring;
    sc.begin(units, unitTerms);
    for (const word of parsed.excluded) for (const t of exactTerms(ix.dict, word, p.ignorePlurals)) sc.exclude(t);
    units.forEach((unit, i) => sc.collect(unit, i));

    const hpp = p.hitsPerPage;
    const limit = hpp > 0 ? Math.min((p.page + 1) * hpp, LIMITS.paginationLimitedTo) : 0;
    const wantAll = p.facets.length > 0;
    let plan: Plan = { active: (1 << units.length) - 1, optional: false };
    let ranked = this.rank(units.length, plan, p, filters, limit, wantAll);
    if (ranked.nbHits === 0 && units.length > 1) {
      for (const relaxed of relaxations(units.length, p.removeWordsIfNoResults)) {
        const attempt = this.rank(units.length, relaxed, p, filters, limit, wantAll);
        if (attempt.nbHits > 0) {
          plan = relaxed;
          ranked = attempt;
          break;
        }
      }
    }

    const nbHits = ranked.nbHits;
    const reachable = Math.min(nbHits, LIMITS.paginationLimitedTo);
    const start = hpp > 0 ? p.page * hpp : reachable;
    const pageKeys = start < ranked.top.length ? ranked.top.subarray(start, start + hpp) : new Float64Array(0);

    const ctx: HighlightContext = {
      dict: ix.dict,
      units: units.map((u, i) => ({
        words: unitWords(u),
        typedLength: u.kind === 'word' ? u.word.length : 0,
        terms: plan.active & (1 << i) ? unitTerms[i]! : new Map(),
      })),
      preTag: p.highlightPreTag,
      postTag: p.highlightPostTag,
      ellipsis: p.snippetEllipsisText,
      cache: new Map(),
    };
    const renderer = new HitRenderer(p, ctx, ix);
    const hits = Array.from(pageKeys, (key) => this.hit(key, p, renderer));

    const response: SearchResponse = {
      hits,
      nbHits,
      page: p.page,
      nbPages: hpp > 0 ? Math.ceil(reachable / hpp) : 0,
      hitsPerPage: hpp,
      exhaustiveNbHits: true,
      exhaustiveTypo: true,
      exhaustive: { nbHits: true, typo: true },
      query: p.query,
      params: p.echo,
      index: this.indexName,
      processingTimeMS: 0,
    };
    if (wantAll) {
      response.facets = this.facetCounts(p.facets, ranked.all!);
      response.exhaustiveFacetsCount = true;
      response.exhaustive.facetsCount = true;
    }
    if (p.clickAnalytics) response.queryID = randomBytes(16).toString('hex');
    response.processingTimeMS = Math.round(performance.now() - started);
    return response;
  }

  /**
   * Word matches depend only on the word and the matching settings, and the index never changes:
   * keep the most recent ones (a typo-tolerant lookup walks the dictionary trie).
   */
  private matchCached(unit: QueryUnit, p: SearchParams): Map<number, number> {
    const key = JSON.stringify([
      unit,
      p.typoTolerance,
      p.minWordSizefor1Typo,
      p.minWordSizefor2Typos,
      p.allowTyposOnNumericTokens,
      p.ignorePlurals,
    ]);
    const hit = this.matchCache.get(key);
    if (hit) {
      this.matchCache.delete(key);
      this.matchCache.set(key, hit);
      return hit;
    }
    const terms = matchUnit(this.index.dict, unit, p);
    this.matchCache.set(key, terms);
    this.matchCacheTerms += terms.size;
    while (this.matchCache.size > MATCH_CACHE_SIZE || this.matchCacheTerms > MATCH_CACHE_TERMS) {
      const [oldest, old] = this.matchCache.entries().next().value!;
      this.matchCache.delete(oldest);
      this.matchCacheTerms -= old.size;
    }
    return terms;
  }

  /** Keys of the candidates (filters and exclusions applied), then distinct and the top of the list. */
  private rank(unitCount: number, plan: Plan, p: SearchParams, filters: CompiledFilters | null, limit: number, wantAll: boolean): Ranked {
    const ix = this.index;
    const sc = this.scoring;
    const keys = this.keyBuf;
    let m = 0;
    if (unitCount === 0) {
      for (let r = 0; r < ix.size; r++) {
        if (sc.isExcluded(r) || (filters !== null && !filters.test(r))) continue;
        keys[m++] = encodeKey(0, sc.tier(r), 0, 0, 0, 0, ix.rankOf[r]!);
      }
    } else {
      const { active, optional } = plan;
      const eligible = (r: number) => !sc.isExcluded(r) && (filters === null || filters.test(r));
      sc.weighPages(active, unitCount, eligible);
      // Pages whose words are spread over their sections join the records holding all the words
      // (page-level matching). Only then: when no record holds them all, removeWordsIfNoResults
      // finds the records with most of the words, as before, and a page that happens to spread
      // every word must not hide them.
      if (!optional && unitCount > 1) {
        let full = false;
        for (let i = 0; i < sc.touchedLen && !full; i++) {
          const r = sc.touched[i]!;
          if ((sc.recMask[r]! & active) === active && eligible(r)) full = true;
        }
        if (full) sc.spreadPages(active, unitCount, eligible);
      }
      for (let i = 0; i < sc.touchedLen; i++) {
        const r = sc.touched[i]!;
        const mask = sc.recMask[r]! & active;
        if (optional ? mask === 0 : mask !== active) continue;
        if (sc.isExcluded(r) || (filters !== null && !filters.test(r))) continue;
        keys[m++] = sc.key(r, active, unitCount);
      }
    }
    if (unitCount > 0 && (p.typoTolerance === 'min' || p.typoTolerance === 'strict')) m = keepFewestTypos(keys, m, p.typoTolerance);

    if (p.distinct === 0) {
      return { nbHits: m, top: smallestKeys(keys, m, limit), all: wantAll ? keys.slice(0, m) : null };
    }
    if (p.distinct === 1) {
      const qid = sc.qid;
      let groups = 0;
      for (let j = 0; j < m; j++) {
        const key = keys[j]!;
        const g = ix.group[ix.recordAtRank[keyRank(key)]!]!;
        if (this.groupStamp[g] !== qid) {
          this.groupStamp[g] = qid;
          this.groupBest[g] = key;
          this.groupList[groups++] = g;
        } else if (key < this.groupBest[g]!) {
          this.groupBest[g] = key;
        }
      }
      for (let j = 0; j < groups; j++) keys[j] = this.groupBest[this.groupList[j]!]!;
      return { nbHits: groups, top: smallestKeys(keys, groups, limit), all: wantAll ? keys.slice(0, groups) : null };
    }
    // distinct N > 1: keep the N best records of each url, in rank order.
    const sorted = keys.slice(0, m).sort();
    const kept: number[] = [];
    for (const key of sorted) {
      const g = ix.group[ix.recordAtRank[keyRank(key)]!]!;
      if (this.groupStamp[g] !== sc.qid) {
        this.groupStamp[g] = sc.qid;
        this.groupCount[g] = 0;
      }
      if (this.groupCount[g]! >= p.distinct) continue;
      this.groupCount[g]! += 1;
      kept.push(key);
    }
    const all = Float64Array.from(kept);
    return { nbHits: all.length, top: all.subarray(0, limit), all: wantAll ? all : null };
  }

  private facetCounts(requested: string[], keys: Float64Array): Record<string, Record<string, number>> {
    const ix = this.index;
    const attrs = requested.includes('*') ? [...FACET_ATTRIBUTES] : requested.filter((a) => ix.isFacet(a));
    const out: Record<string, Record<string, number>> = {};
    for (const attr of new Set(attrs)) {
      const counts = new Map<string, number>();
      for (const key of keys) {
        const rec = ix.records[ix.recordAtRank[keyRank(key)]!]!;
        const values = attr === 'type' ? [rec.type] : attr === 'version' ? (rec.version ?? []) : [rec[attr as 'language']];
        for (const v of values) if (typeof v === 'string') counts.set(v, (counts.get(v) ?? 0) + 1);
      }
      const sorted = [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, LIMITS.maxValuesPerFacet);
      out[attr] = Object.fromEntries(sorted);
    }
    return out;
  }

  private hit(key: number, p: SearchParams, renderer: HitRenderer): Record<string, unknown> {
    const index = this.index.recordAtRank[keyRank(key)]!;
    const record = this.index.records[index]!;
    const hit = renderer.retrieve(record);
    const hl = renderer.highlightResult(record, index);
    if (hl) hit._highlightResult = hl;
    const sn = renderer.snippetResult(record, index);
    if (sn) hit._snippetResult = sn;
    if (p.getRankingInfo) hit._rankingInfo = decodeKey(key);
    return hit;
  }
}

/** removeWordsIfNoResults: the query plans to try, in order, when all words match nothing. */
function relaxations(n: number, mode: SearchParams['removeWordsIfNoResults']): Plan[] {
  const all = (1 << n) - 1;
  if (mode === 'allOptional') return [{ active: all, optional: true }];
  const plans: Plan[] = [];
  if (mode === 'lastWords' || mode === 'firstWords') {
    for (let keep = n - 1; keep >= 1; keep--) {
      const active = mode === 'lastWords' ? (1 << keep) - 1 : all & ~((1 << (n - keep)) - 1);
      plans.push({ active, optional: false });
    }
  }
  return plans;
}

/** typoTolerance min/strict: keep the fewest typos (min), or the fewest two counts (strict). */
function keepFewestTypos(keys: Float64Array, m: number, mode: 'min' | 'strict'): number {
  let min = Infinity;
  for (let j = 0; j < m; j++) min = Math.min(min, keyTypos(keys[j]!));
  const limit = mode === 'min' ? min : min + 1;
  let w = 0;
  for (let j = 0; j < m; j++) if (keyTypos(keys[j]!) <= limit) keys[w++] = keys[j]!;
  return w;
}
