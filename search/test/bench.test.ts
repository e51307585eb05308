import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { formatRelevance, indexedPages, runSet, score } from '../bench/relevance.ts';
import { assignHalves, checkSplit, REAL_QUESTIONS_FILE, type RealQuestionsFile } from '../bench/split.ts';
import { routeVersion, siteRoutes } from '../bench/fresh-questions.ts';
import { engineFor, rec } from './helpers.ts';

const file = JSON.parse(readFileSync(REAL_QUESTIONS_FILE, 'utf8')) as RealQuestionsFile;

describe('real-questions set', () => {
  it('has at least 150 queries, each with a public source and a docs page', () => {
    expect(file.queries.length).toBeGreaterThanOrEqual(150);
    for (const q of file.queries) {
      expect(q.source).toMatch(/^https:\/\/github\.com\/[\w.-]+\/[\w.-]+\/(issues|pull|discussions)\/\d+$/);
      expect(q.expect).toMatch(/^\/docs\//);
      expect(q.query.trim()).toBe(q.query);
    }
  });

  it('names, as judged alternatives, only pages of the site in the query\'s version, never expect itself', () => {
    const routes = siteRoutes();
    const synthetic = JSON.parse(readFileSync(REAL_QUESTIONS_FILE.replace('real-questions.json', 'queries.json'), 'utf8')) as {
      queries: { query: string; expect: string; version?: string; also?: string[] }[];
    };
    const problems: string[] = [];
    for (const q of [...file.queries, ...synthetic.queries] as { query: string; expect: string; version?: string; also?: string[] }[]) {
      for (const page of q.also ?? []) {
        if (!routes.has(page)) problems.push(`${q.query}: ${page} is not a page`);
        else if (page === q.expect) problems.push(`${q.query}: ${page} repeats expect`);
        else if (!page.startsWith('/blog/') && routeVersion(page) !== q.version) problems.push(`${q.query}: ${page} is another version`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('is split by its seed, half and half, and the stored halves match the seed', () => {
    expect(checkSplit(file)).toEqual([]);
    const tune = file.queries.filter((q) => q.half === 'tune').length;
    expect(Math.abs(tune - (file.queries.length - tune))).toBeLessThanOrEqual(1);
  });

  it('moves a query between halves only when the seed or the set changes', () => {
    const again = assignHalves([...file.queries].reverse(), file.seed);
    expect(file.queries.every((q) => again.get(`${q.version ?? 'current'}\u0000${q.query}`) === q.half)).toBe(true);
    const other = assignHalves(file.queries, file.seed + 1);
    expect(file.queries.some((q) => other.get(`${q.version ?? 'current'}\u0000${q.query}`) !== q.half)).toBe(true);
  });

  it('reports an edited half as a mismatch', () => {
    const edited = structuredClone(file);
    edited.queries[0]!.half = edited.queries[0]!.half === 'tune' ? 'heldout' : 'tune';
    expect(checkSplit(edited)).toHaveLength(1);
  });
});

describe('relevance scoring', () => {
  const records = [
    rec({ page: '/docs/server/routers', type: 'lvl1', h: { lvl1: 'Define routers' } }),
    rec({ page: '/docs/server/context', type: 'lvl1', h: { lvl1: 'Context' } }),
  ];
  const engine = engineFor(records);
  const pages = indexedPages(records);

  it('counts a page that is not built yet as pending, outside the rates', () => {
    const outcomes = runSet(engine, [
      { query: 'routers', expect: '/docs/server/routers' },
      { query: 'context', expect: '/docs/server/routers' },
      { query: 'app router', expect: '/docs/client/nextjs/app-router' },
    ], pages);
    expect(outcomes.map((o) => o.pending)).toEqual([false, false, true]);
    const s = score(outcomes);
    expect(s).toMatchObject({ total: 3, pending: 1, measured: 2, top1: 0.5 });
  });

  it('scores judged alternatives only when asked, and keeps the strict rank on expect', () => {
    const outcomes = runSet(engine, [
      { query: 'context', expect: '/docs/server/routers', also: ['/docs/server/context/'] },
      { query: 'context', expect: '/docs/server/routers' },
      { query: 'routers', expect: '/docs/server/routers', also: ['/docs/nowhere'] },
    ], pages);
    expect(outcomes.map((o) => [o.rank, o.rankAny])).toEqual([[null, 1], [null, null], [1, 1]]);
    expect(score(outcomes).top1).toBeCloseTo(1 / 3);
    expect(score(outcomes, true).top1).toBeCloseTo(2 / 3);
    expect(score(outcomes, true).mrr).toBeCloseTo(2 / 3);
  });
});

describe('relevance report', () => {
  const records = [
    rec({ page: '/docs/server/routers', type: 'lvl1', h: { lvl1: 'Define routers' } }),
    rec({ page: '/docs/server/context', type: 'lvl1', h: { lvl1: 'Context' } }),
  ];
  const engine = engineFor(records);
  const pages = indexedPages(records);
  const sets = [
    { name: 'real: tune', queries: [{ query: 'tunedmiss context', expect: '/docs/server/routers' }], heldOut: false },
    { name: 'real: held out', queries: [{ query: 'heldoutmiss context', expect: '/docs/server/routers' }, { query: 'heldoutpending', expect: '/docs/nowhere' }], heldOut: true },
  ];
  const outcomes = sets.map((s) => runSet(engine, s.queries, pages));
  const scores = outcomes.map((o) => score(o));

  it('prints the misses of a set that may be looked at, and no query of a held-out set', () => {
    const text = formatRelevance(sets, outcomes, scores).join('\n');
    expect(text).toContain('tunedmiss');
    expect(text).not.toContain('heldoutmiss');
    expect(text).not.toContain('heldoutpending');
    expect(text).toMatch(/real: held out\s+2\s+1\s+0\.0 %/);
  });

  it('adds a table with the judged alternatives only when a set has some, and never shows held-out queries in it', () => {
    expect(formatRelevance(sets, outcomes, scores).join('\n')).not.toContain('blind-judged');
    const judgedSets = sets.map((set) => ({ ...set, queries: set.queries.map((q) => ({ ...q, also: ['/docs/server/context'] })) }));
    const judgedOutcomes = judgedSets.map((s) => runSet(engine, s.queries, pages));
    const text = formatRelevance(judgedSets, judgedOutcomes, judgedOutcomes.map((o) => score(o))).join('\n');
    const table = text.slice(text.indexOf('blind-judged'));
    expect(table).toMatch(/real: tune\s+1\s+100\.0 %/);
    expect(table).toMatch(/real: held out\s+2\s+100\.0 %/);
    expect(text).not.toContain('heldoutmiss');
  });

  it('prints held-out queries only when asked to', () => {
    expect(formatRelevance(sets, outcomes, scores, true).join('\n')).toContain('heldoutmiss');
  });
});
