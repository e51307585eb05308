/**
 * Algolia query semantics over a SearchIndex, with the DocSearch template's ranking:
 *   words, filters, typo, attribute, proximity, exact, custom(desc pageRank, desc level, asc position)
 * Each candidate gets one numeric key that encodes the whole tie-breaking tuple (lower is better),
 * so ranking is a numeric sort. Then distinct on `url`, pagination, facets and hit rendering.
 */
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { compileFilters } from './filters.ts';
import type { HighlightContext } from './highlight.ts';
import { highlightResult, retrieve, snippetResult } from './hits.ts';
import { exactTerms, KIND_EXACT, matchUnit, qualityKind, qualityTypos } from './matcher.ts';
import type { SearchParams } from './params.ts';
import { parseQuery, unitWords, type QueryUnit } from './query.ts';
import { RANK_SPACE, type SearchIndex } from './searchIndex.ts';
import { CONTENT_ATTRIBUTE, FACET_ATTRIBUTES, LIMITS } from './settings.ts';

const MAX_UNITS = LIMITS.maxQueryWords;
const WORDS_SPACE = 16;
const TYPO_SPACE = 32;
const ATTR_SPACE = 8192;
const PROX_SPACE = 128;
const EXACT_SPACE = 16;
const PROX_MAX = 8;
const OCC_CAP = 32;
/** Key prefix of every record for an empty query: no words, so only the custom ranking orders them. */
const EMPTY_QUERY_KEY = ((((WORDS_SPACE - 1) * TYPO_SPACE * ATTR_SPACE + ATTR_SPACE - 1) * PROX_SPACE) * EXACT_SPACE + EXACT_SPACE - 1) * RANK_SPACE;

export interface RankingInfo {
  nbTypos: number;
  words: number;
  firstMatchedWord: number;
  proximityDistance: number;
  nbExactWords: number;
  filters: number;
  userScore: number;
}

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

function popcount(x: number): number {
  let c = 0;
  for (let v = x; v; v &= v - 1) c += 1;
  return c;
}

function decodeKey(key: number): RankingInfo {
  let rest = Math.floor(key / RANK_SPACE);
  const exactMiss = rest % EXACT_SPACE;
  rest = Math.floor(rest / EXACT_SPACE);
  const prox = rest % PROX_SPACE;
  rest = Math.floor(rest / PROX_SPACE);
  const attr = rest % ATTR_SPACE;
  rest = Math.floor(rest / ATTR_SPACE);
  const typo = rest % TYPO_SPACE;
  const wordsMiss = Math.floor(rest / TYPO_SPACE);
  return {
    nbTypos: typo,
    words: WORDS_SPACE - 1 - wordsMiss,
    firstMatchedWord: attr,
    proximityDistance: prox,
    nbExactWords: EXACT_SPACE - 1 - exactMiss,
    filters: 0,
    userScore: RANK_SPACE - 1 - (key % RANK_SPACE),
  };
}

export class Engine {
  private qid = 0;
  // Per query unit: stamp (query id), best typo count, best attribute score, exact flag.
  private readonly slotStamp: Int32Array[] = [];
  private readonly slotTypo: Uint8Array[] = [];
  private readonly slotAttr: Uint16Array[] = [];
  private readonly slotExact: Uint8Array[] = [];
  private readonly recStamp: Int32Array;
  private readonly recMask: Uint16Array;
  private readonly excludedStamp: Int32Array;
  private readonly touched: Int32Array;
  private touchedLen = 0;
  private readonly termStamp: Int32Array;
  private readonly termMask: Uint16Array;
  private readonly groupStamp: Int32Array;
  private readonly groupCount: Uint8Array;
  private readonly keyOf: Float64Array;
  private readonly occ: Int32Array[] = [];
  private readonly occLen = new Int32Array(MAX_UNITS);
  /** Term → quality maps of the query being ranked. */
  private currentTerms: Map<number, number>[] = [];

  constructor(
    readonly index: SearchIndex,
    readonly indexName: string,
  ) {
    const n = index.size;
    for (let i = 0; i < MAX_UNITS; i++) {
      this.slotStamp.push(new Int32Array(n));
      this.slotTypo.push(new Uint8Array(n));
      this.slotAttr.push(new Uint16Array(n));
      this.slotExact.push(new Uint8Array(n));
      this.occ.push(new Int32Array(OCC_CAP));
    }
    this.recStamp = new Int32Array(n);
    this.recMask = new Uint16Array(n);
    this.excludedStamp = new Int32Array(n);
    this.touched = new Int32Array(n);
    this.termStamp = new Int32Array(index.dict.size);
    this.termMask = new Uint16Array(index.dict.size);
    this.groupStamp = new Int32Array(index.groupCount);
    this.groupCount = new Uint8Array(index.groupCount);
    this.keyOf = new Float64Array(n);
  }

  private nextQid(): number {
    if (this.qid >= 0x7ffffff0) {
      this.qid = 0;
      for (const a of this.slotStamp) a.fill(0);
      this.recStamp.fill(0);
      this.excludedStamp.fill(0);
      this.termStamp.fill(0);
      this.groupStamp.fill(0);
    }
    this.qid += 1;
    return this.qid;
  }

  search(p: SearchParams): SearchResponse {
    const started = performance.now();
    const ix = this.index;
    const qid = this.nextQid();
    const parsed = parseQuery(p.query, p.advancedSyntax, p.queryType);
    const units = parsed.units;
    const filters = compileFilters(p.facetFilters, (a, v) => ix.member(a, v));

    for (const word of parsed.excluded) {
      for (const t of exactTerms(ix.dict, word, p.ignorePlurals)) {
        for (let k = ix.postStart[t]!; k < ix.postStart[t + 1]!; k++) this.excludedStamp[ix.postRecord[k]!] = qid;
      }
    }
    const allowed = (r: number) => this.excludedStamp[r] !== qid && (filters === null || filters.test(r));

    const unitTerms = units.map((u) => matchUnit(ix.dict, u, p));
    this.currentTerms = unitTerms;
    this.touchedLen = 0;
    units.forEach((unit, i) => this.collect(unit, i, unitTerms[i]!, qid));

    let candidates: number[] = [];
    let active = (1 << units.length) - 1;
    let optional = false;
    if (units.length === 0) {
      for (let r = 0; r < ix.size; r++) if (allowed(r)) candidates.push(r);
    } else {
      candidates = this.select(active, false, allowed);
      if (candidates.length === 0 && units.length > 1) {
        const fallback = this.relax(units.length, p.removeWordsIfNoResults, allowed);
        if (fallback) ({ candidates, active, optional } = fallback);
      }
    }

    const keys = new Float64Array(candidates.length);
    const typos = units.length > 0 ? new Uint8Array(candidates.length) : null;
    candidates.forEach((r, i) => {
      keys[i] = units.length === 0 ? EMPTY_QUERY_KEY + ix.rankOf[r]! : this.key(r, active, units, qid, typos!, i);
    });
    const kept = this.typoStrictness(keys, typos, p.typoTolerance);
    kept.sort();

    // Distinct, then pagination over the distinct hits.
    const accepted: number[] = [];
    for (let i = 0; i < kept.length; i++) {
      const key = kept[i]!;
      const r = ix.recordAtRank[key % RANK_SPACE]!;
      if (p.distinct > 0) {
        const g = ix.group[r]!;
        if (this.groupStamp[g] !== qid) {
          this.groupStamp[g] = qid;
          this.groupCount[g] = 0;
        }
        if (this.groupCount[g]! >= p.distinct) continue;
        this.groupCount[g]! += 1;
      }
      this.keyOf[r] = key;
      accepted.push(r);
    }

    const nbHits = accepted.length;
    const reachable = Math.min(nbHits, LIMITS.paginationLimitedTo);
    const hpp = p.hitsPerPage;
    const nbPages = hpp > 0 ? Math.ceil(reachable / hpp) : 0;
    const start = hpp > 0 ? p.page * hpp : reachable;
    const pageRecords = start < reachable ? accepted.slice(start, Math.min(start + hpp, reachable)) : [];

    const ctx: HighlightContext = {
      dict: ix.dict,
      units: units.map((u, i) => ({
        words: unitWords(u),
        typedLength: u.kind === 'word' ? u.word.length : 0,
        terms: optional || (active & (1 << i)) ? unitTerms[i]! : new Map(),
      })),
      preTag: p.highlightPreTag,
      postTag: p.highlightPostTag,
      ellipsis: p.snippetEllipsisText,
    };
    const hits = pageRecords.map((r) => this.hit(r, p, ctx));

    const response: SearchResponse = {
      hits,
      nbHits,
      page: p.page,
      nbPages,
      hitsPerPage: hpp,
      exhaustiveNbHits: true,
      exhaustiveTypo: true,
      exhaustive: { nbHits: true, typo: true },
      query: p.query,
      params: p.echo,
      index: this.indexName,
      processingTimeMS: 0,
    };
    if (p.facets.length > 0) {
      response.facets = this.facetCounts(p.facets, accepted);
      response.exhaustiveFacetsCount = true;
      response.exhaustive.facetsCount = true;
    }
    if (p.clickAnalytics) response.queryID = randomBytes(16).toString('hex');
    response.processingTimeMS = Math.round(performance.now() - started);
    return response;
  }

  /** Records matched by unit i: best typo count, best attribute and whether an exact word matched. */
  private collect(unit: QueryUnit, i: number, terms: Map<number, number>, qid: number): void {
    const ix = this.index;
    const stamp = this.slotStamp[i]!;
    const typoA = this.slotTypo[i]!;
    const attrA = this.slotAttr[i]!;
    const exactA = this.slotExact[i]!;
    const bit = 1 << i;
    const visit = (r: number, attrPos: number, quality: number) => {
      const attr = attrPos >>> 16;
      const score = attr * 1024 + (attr === CONTENT_ATTRIBUTE ? Math.min(attrPos & 0xffff, 1023) : 0);
      const typo = qualityTypos(quality);
      const exact = qualityKind(quality) === KIND_EXACT ? 1 : 0;
      if (this.recStamp[r] !== qid) {
        this.recStamp[r] = qid;
        this.recMask[r] = 0;
        this.touched[this.touchedLen++] = r;
      }
      if (stamp[r] !== qid) {
        stamp[r] = qid;
        typoA[r] = typo;
        attrA[r] = score;
        exactA[r] = exact;
        this.recMask[r]! |= bit;
      } else {
        if (typo < typoA[r]!) typoA[r] = typo;
        if (score < attrA[r]!) attrA[r] = score;
        if (exact) exactA[r] = 1;
      }
    };
    if (unit.kind === 'word') {
      for (const [t, quality] of terms) {
        if (this.termStamp[t] !== qid) {
          this.termStamp[t] = qid;
          this.termMask[t] = 0;
        }
        this.termMask[t]! |= bit;
        for (let k = ix.postStart[t]!; k < ix.postStart[t + 1]!; k++) visit(ix.postRecord[k]!, ix.postAttrPos[k]!, quality);
      }
      return;
    }
    // Phrase: occurrences of the first word followed by the others at consecutive positions.
    const ids = unit.words.map((w) => ix.dict.id(w));
    if (ids.some((t) => t < 0)) return;
    const first = ids[0]!;
    if (this.termStamp[first] !== qid) {
      this.termStamp[first] = qid;
      this.termMask[first] = 0;
    }
    this.termMask[first]! |= bit;
    for (let k = ix.postStart[first]!; k < ix.postStart[first + 1]!; k++) {
      const r = ix.postRecord[k]!;
      const ap = ix.postAttrPos[k]!;
      let ok = true;
      for (let j = 1; j < ids.length && ok; j++) ok = ix.hasTermAt(r, ids[j]!, ap + j);
      if (ok) visit(r, ap, KIND_EXACT);
    }
  }

  private select(active: number, optional: boolean, allowed: (r: number) => boolean): number[] {
    const out: number[] = [];
    for (let i = 0; i < this.touchedLen; i++) {
      const r = this.touched[i]!;
      const m = this.recMask[r]! & active;
      if ((optional ? m !== 0 : m === active) && allowed(r)) out.push(r);
    }
    return out;
  }

  /** removeWordsIfNoResults: which words to drop when nothing matches them all. */
  private relax(n: number, mode: SearchParams['removeWordsIfNoResults'], allowed: (r: number) => boolean) {
    const all = (1 << n) - 1;
    if (mode === 'allOptional') {
      const candidates = this.select(all, true, allowed);
      return candidates.length > 0 ? { candidates, active: all, optional: true } : null;
    }
    if (mode === 'lastWords' || mode === 'firstWords') {
      for (let keep = n - 1; keep >= 1; keep--) {
        const active = mode === 'lastWords' ? (1 << keep) - 1 : all & ~((1 << (n - keep)) - 1);
        const candidates = this.select(active, false, allowed);
        if (candidates.length > 0) return { candidates, active, optional: false };
      }
    }
    return null;
  }

  private key(r: number, active: number, units: QueryUnit[], qid: number, typos: Uint8Array, i: number): number {
    const matched = this.recMask[r]! & active;
    const activeCount = popcount(active);
    let typo = 0;
    let attr = ATTR_SPACE - 1;
    let exact = 0;
    for (let u = 0; u < units.length; u++) {
      if (!(matched & (1 << u))) continue;
      typo += this.slotTypo[u]![r]!;
      const a = this.slotAttr[u]![r]!;
      if (a < attr) attr = a;
      exact += this.slotExact[u]![r]!;
    }
    if (activeCount === 1) {
      // One-word query: an attribute that is exactly the word beats a word inside a longer value,
      // which beats a prefix or typo match.
      const u = Math.log2(active);
      exact = this.slotExact[u]![r]! ? 1 + (this.soleMatch(r, u, qid) ? 1 : 0) : 0;
    }
    const words = popcount(matched);
    const prox = words > 1 ? this.proximity(r, matched, qid) : 0;
    typos[i] = typo;
    const wordsMiss = WORDS_SPACE - 1 - words;
    const exactMiss = EXACT_SPACE - 1 - Math.min(exact, EXACT_SPACE - 1);
    const t = Math.min(typo, TYPO_SPACE - 1);
    return ((((wordsMiss * TYPO_SPACE + t) * ATTR_SPACE + attr) * PROX_SPACE + prox) * EXACT_SPACE + exactMiss) * RANK_SPACE + this.index.rankOf[r]!;
  }

  /** Whether one of the record's single-word attributes is the query word exactly. */
  private soleMatch(r: number, unitBit: number, qid: number): boolean {
    const ix = this.index;
    const terms = this.currentTerms[unitBit];
    for (let j = ix.soleStart[r]!; j < ix.soleStart[r + 1]!; j++) {
      const t = ix.soleTerm[j]!;
      if (this.termStamp[t] === qid && terms?.get(t) === KIND_EXACT) return true;
    }
    return false;
  }

  /** Sum over neighbouring matched units of their closest distance in one attribute (at most 8 each). */
  private proximity(r: number, matched: number, qid: number): number {
    const ix = this.index;
    this.occLen.fill(0);
    for (let j = ix.tokStart[r]!; j < ix.tokStart[r + 1]!; j++) {
      const t = ix.tokTerm[j]!;
      if (this.termStamp[t] !== qid) continue;
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
    return Math.min(total, PROX_SPACE - 1);
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

  /** typoTolerance min/strict: keep only the fewest typos (min) or the fewest two counts (strict). */
  private typoStrictness(keys: Float64Array, typos: Uint8Array | null, mode: SearchParams['typoTolerance']): Float64Array {
    if (!typos || (mode !== 'min' && mode !== 'strict') || keys.length === 0) return keys;
    let min = Infinity;
    for (const t of typos) if (t < min) min = t;
    const limit = mode === 'min' ? min : min + 1;
    return keys.filter((_, i) => typos[i]! <= limit);
  }

  private facetCounts(requested: string[], records: number[]): Record<string, Record<string, number>> {
    const attrs = requested.includes('*') ? [...FACET_ATTRIBUTES] : requested.filter((a) => this.index.isFacet(a));
    const out: Record<string, Record<string, number>> = {};
    for (const attr of [...new Set(attrs)]) {
      const counts = new Map<string, number>();
      for (const r of records) {
        const rec = this.index.records[r]!;
        const values = attr === 'type' ? [rec.type] : attr === 'version' ? (rec.version ?? []) : [rec[attr as 'language']];
        for (const v of values) if (typeof v === 'string') counts.set(v, (counts.get(v) ?? 0) + 1);
      }
      const sorted = [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, LIMITS.maxValuesPerFacet);
      out[attr] = Object.fromEntries(sorted);
    }
    return out;
  }

  private hit(r: number, p: SearchParams, ctx: HighlightContext): Record<string, unknown> {
    const record = this.index.records[r]!;
    const hit = retrieve(record, p.attributesToRetrieve);
    const hl = p.attributesToHighlight.length > 0 ? highlightResult(record, p.attributesToHighlight, ctx) : undefined;
    if (hl) hit._highlightResult = hl;
    const sn = p.attributesToSnippet.length > 0 ? snippetResult(record, p.attributesToSnippet, ctx) : undefined;
    if (sn) hit._snippetResult = sn;
    if (p.getRankingInfo) hit._rankingInfo = decodeKey(this.keyOf[r]!);
    return hit;
  }
}
