/**
 * Relevance measurement shared by the bench and its tests: run a query set the way the DocSearch
 * modal sends it and find where the wanted page lands. A query whose page is not in the index (a
 * page other work is still writing) is `pending`: reported, never counted as a miss or a hit.
 */
import type { Engine } from '../src/engine.ts';
import { parseSearchParams, type SearchParams } from '../src/params.ts';
import type { DocSearchRecord } from '../src/types.ts';

export interface BenchQuery {
  query: string;
  /** URL path the reader wants, e.g. /docs/server/routers. */
  expect: string;
  /** Docs version the reader is browsing: current (default), 10.x or 9.x. */
  version?: string;
  /**
   * Other pages that answer the question as fully as `expect` does, judged blind (from the pages'
   * content, without seeing any ranking; see the set's description). Scored separately: the bars
   * are on `expect` alone.
   */
  also?: string[];
}

export interface QueryOutcome {
  query: BenchQuery;
  /** 1-based rank of the wanted page among the distinct pages returned, null when absent. */
  rank: number | null;
  /** The best rank of the wanted page or any of its judged alternatives (`also`). */
  rankAny: number | null;
  /** The page the reader would see first. */
  got: string;
  pending: boolean;
}

export interface SetScore {
  total: number;
  pending: number;
  /** Queries whose page exists (the denominator of the rates). */
  measured: number;
  top1: number;
  top5: number;
  mrr: number;
}

/** The DocSearch modal's request (DocSearch 3.9 inside Docusaurus 3.10, contextual search on). */
export function modalRequest(q: BenchQuery, indexName: string): Record<string, unknown> {
  const levels = ['lvl0', 'lvl1', 'lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6'];
  return {
    query: q.query,
    indexName,
    attributesToRetrieve: [...levels.map((l) => `hierarchy.${l}`), 'content', 'type', 'url'],
    attributesToSnippet: [...levels.slice(1).map((l) => `hierarchy.${l}:10`), 'content:10'],
    snippetEllipsisText: '…',
    highlightPreTag: '<mark>',
    highlightPostTag: '</mark>',
    hitsPerPage: 20,
    clickAnalytics: false,
    facetFilters: ['language:en', ['docusaurus_tag:default', `docusaurus_tag:docs-default-${q.version ?? 'current'}`]],
  };
}

const pagePath = (url: string) => new URL(url).pathname.replace(/\/$/, '') || '/';

/** Every page path the index holds. */
export function indexedPages(records: DocSearchRecord[]): Set<string> {
  return new Set(records.map((r) => pagePath(r.url_without_anchor)));
}

export function paramsFor(queries: BenchQuery[], indexName = 'trpc-docs'): SearchParams[] {
  return queries.map((q) => parseSearchParams(modalRequest(q, indexName)));
}

export function runSet(engine: Engine, queries: BenchQuery[], pages: Set<string>): QueryOutcome[] {
  const params = paramsFor(queries, engine.indexName);
  return queries.map((query, i) => {
    const found: string[] = [];
    for (const hit of engine.search(params[i]!).hits) {
      const p = pagePath(String(hit.url));
      if (!found.includes(p)) found.push(p);
    }
    const norm = (p: string) => p.replace(/\/$/, '') || '/';
    const want = norm(query.expect);
    const at = found.indexOf(want);
    const any = [want, ...(query.also ?? []).map(norm)].map((p) => found.indexOf(p)).filter((i) => i >= 0);
    return {
      query,
      rank: at < 0 ? null : at + 1,
      rankAny: any.length === 0 ? null : Math.min(...any) + 1,
      got: found[0] ?? '(no hits)',
      pending: !pages.has(want),
    };
  });
}

/** Scores a set on its `expect` pages, or with `anyJudged` on the best of `expect` and `also`. */
export function score(outcomes: QueryOutcome[], anyJudged = false): SetScore {
  const measured = outcomes.filter((o) => !o.pending);
  const n = measured.length;
  const rankOf = (o: QueryOutcome) => (anyJudged ? o.rankAny : o.rank);
  const rate = (f: (o: QueryOutcome) => boolean) => (n === 0 ? 0 : measured.filter(f).length / n);
  return {
    total: outcomes.length,
    pending: outcomes.length - n,
    measured: n,
    top1: rate((o) => rankOf(o) === 1),
    top5: rate((o) => rankOf(o) !== null && rankOf(o)! <= 5),
    mrr: n === 0 ? 0 : measured.reduce((s, o) => s + (rankOf(o) ? 1 / rankOf(o)! : 0), 0) / n,
  };
}

export interface BenchSet {
  name: string;
  queries: BenchQuery[];
  /** A held-out set: only its aggregate numbers are printed (unless asked for with showHeldOut). */
  heldOut: boolean;
}

const percent = (v: number) => `${(v * 100).toFixed(1)} %`;

/**
 * The bench's relevance report: the queries that did not get their page first, for the sets that
 * may be looked at, then every set's aggregate numbers side by side. A held-out set shows no query
 * at all (not its misses, not its pending ones) unless `showHeldOut`, so ranking work cannot be
 * fitted to it by reading the bench's output.
 */
export function formatRelevance(sets: BenchSet[], outcomes: QueryOutcome[][], scores: SetScore[], showHeldOut = false): string[] {
  const lines: string[] = [];
  sets.forEach((set, i) => {
    lines.push('');
    if (set.heldOut && !showHeldOut) {
      lines.push(`${set.name}: queries not shown (held out; aggregate numbers below)`);
      return;
    }
    const shown = outcomes[i]!.filter((o) => o.pending || o.rank !== 1);
    lines.push(`${set.name}: ${shown.length === 0 ? 'every page first' : 'not first'}`);
    for (const o of shown) {
      const rank = o.pending ? 'pending (target not in index)' : o.rank === null ? 'miss' : `rank ${o.rank}`;
      lines.push(`  ${JSON.stringify(o.query.query).padEnd(40)} ${(o.query.version ?? 'current').padEnd(7)} ${o.query.expect.padEnd(46)} ${rank}${o.pending ? '' : `  (top: ${o.got})`}`);
    }
  });
  const width = Math.max(16, ...sets.map((s) => s.name.length));
  lines.push('');
  lines.push(`${'set'.padEnd(width)} ${'queries'.padStart(7)} ${'pending'.padStart(7)} ${'top-1'.padStart(8)} ${'top-5'.padStart(8)} ${'MRR'.padStart(6)}`);
  sets.forEach((set, i) => {
    const s = scores[i]!;
    lines.push(`${set.name.padEnd(width)} ${String(s.total).padStart(7)} ${String(s.pending).padStart(7)} ${percent(s.top1).padStart(8)} ${percent(s.top5).padStart(8)} ${s.mrr.toFixed(3).padStart(6)}`);
  });
  // The same sets counted as answered when the first page is `expect` or one of the pages judged,
  // blind, to answer the question as fully (`also`). Informational: the bars read the table above.
  const judged = sets.map((set) => set.queries.filter((q) => (q.also ?? []).length > 0).length);
  if (judged.some((n) => n > 0)) {
    lines.push('');
    lines.push('with blind-judged alternatives (first page is the wanted page or one judged to answer as fully; not the bars):');
    lines.push(`${'set'.padEnd(width)} ${'judged'.padStart(7)} ${''.padStart(7)} ${'top-1'.padStart(8)} ${'top-5'.padStart(8)} ${'MRR'.padStart(6)}`);
    sets.forEach((set, i) => {
      const s = score(outcomes[i]!, true);
      lines.push(`${set.name.padEnd(width)} ${String(judged[i]).padStart(7)} ${''.padStart(7)} ${percent(s.top1).padStart(8)} ${percent(s.top5).padStart(8)} ${s.mrr.toFixed(3).padStart(6)}`);
    });
  }
  return lines;
}
