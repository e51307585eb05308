import { describe, expect, it } from 'vitest';
import { runBatch, runOne, TooHeavy, type BatchLimits } from '../src/batch.ts';
import { parseSearchParams } from '../src/params.ts';
import { engineFor, rec } from './helpers.ts';

const words = ['alpha', 'apple', 'anchor', 'array', 'batch', 'cache', 'client', 'router'];
const engine = engineFor(
  Array.from({ length: 400 }, (_, i) =>
    rec({
      page: `/docs/p${i % 60}`,
      anchor: i % 3 === 0 ? null : `s${i}`,
      h: { lvl1: `Page ${i % 60}`, lvl2: `Part ${words[i % words.length]}` },
      content: Array.from({ length: 30 }, (_, j) => words[(i + j * 5) % words.length]).join(' '),
      version: [i % 2 ? '10.x' : 'current'],
      pageRank: i % 7,
    }),
  ),
  'mysite',
);

const LIMITS: BatchLimits = { maxBatchHits: 1000, maxResponseBytes: 50 * 1024 * 1024, budgetMs: 60_000, sliceMs: 1, pieceHits: 7, maxLoopHits: 100 };
const withoutTime = (r: Record<string, unknown>) => ({ ...r, processingTimeMS: 0 });

describe('answers rendered in pieces', () => {
  it.each([
    [20, 0, 1],
    [20, 1, 1],
    [15, 2, 0],
    [13, 3, 2],
    [100, 0, 0],
    [97, 1, 1],
    [1000, 0, 0],
    [50, 30, 0],
  ])('equal the answer in one piece (hitsPerPage %i, page %i, distinct %i)', async (hitsPerPage, page, distinct) => {
    const p = parseSearchParams({ query: 'a', queryType: 'prefixAll', hitsPerPage, page, distinct, facets: ['version'], attributesToSnippet: ['content:5'] });
    const whole = withoutTime(JSON.parse(JSON.stringify(engine.search(p))));
    const pieced = withoutTime(JSON.parse(await runOne(engine, p, LIMITS, () => false)));
    expect(pieced).toEqual(whole);
  });

  it('stops at the 1000th hit of the ranking (paginationLimitedTo), as the answer in one piece does', async () => {
    // 1200 records that all match: pages past the 1000th hit are empty, and nbPages counts 1000 hits.
    const many = engineFor(Array.from({ length: 1200 }, (_, i) => rec({ page: `/docs/m${i}`, anchor: `m${i}`, content: `alpha beta ${i}` })), 'mysite');
    for (const [hitsPerPage, page] of [[100, 9], [100, 10], [30, 33], [30, 34]] as const) {
      const p = parseSearchParams({ query: 'alpha', hitsPerPage, page, distinct: 0, attributesToSnippet: [], attributesToHighlight: [] });
      const whole = withoutTime(JSON.parse(JSON.stringify(many.search(p))));
      const pieced = withoutTime(JSON.parse(await runOne(many, p, LIMITS, () => false)));
      expect(pieced, `hitsPerPage ${hitsPerPage}, page ${page}`).toEqual(whole);
      expect((pieced as { nbPages?: number }).nbPages).toBe(Math.ceil(1000 / hitsPerPage));
    }
    const last = JSON.parse(await runOne(many, parseSearchParams({ query: 'alpha', hitsPerPage: 30, page: 33, distinct: 0 }), LIMITS, () => false));
    expect(last.hits).toHaveLength(10);
  });

  it('keeps the batch order and counts hits across the batch', async () => {
    const ps = ['router', 'cache', 'apple'].map((query) => parseSearchParams({ query, hitsPerPage: 30 }));
    const { results } = JSON.parse(await runBatch(engine, ps, LIMITS, () => false));
    expect(results.map((r: { query: string }) => r.query)).toEqual(['router', 'cache', 'apple']);
    await expect(runBatch(engine, ps, { ...LIMITS, maxBatchHits: 89 }, () => false)).rejects.toThrow(/add up to 90, at most 89/);
  });

  it('stops at the byte cap and when the client is gone', async () => {
    const p = parseSearchParams({ query: 'a', queryType: 'prefixAll', hitsPerPage: 300, distinct: 0 });
    await expect(runOne(engine, p, { ...LIMITS, maxResponseBytes: 10_000 }, () => false)).rejects.toThrow(/Response too large/);
    let calls = 0;
    await expect(runOne(engine, p, LIMITS, () => ++calls > 2)).rejects.toThrow();
    expect(calls).toBe(3);
  });

  it('on the event loop, stops with TooHeavy once a slice is used up, never before the first search', async () => {
    const p = parseSearchParams({ query: 'a', queryType: 'prefixAll', hitsPerPage: 300, distinct: 0, attributesToSnippet: ['content:30'] });
    await expect(runOne(engine, p, { ...LIMITS, sliceMs: 0 }, () => false, { onSlice: 'escalate' })).rejects.toThrow(TooHeavy);
    // One search (a page within one piece) is always done, however small the slice.
    const small = parseSearchParams({ query: 'a', queryType: 'prefixAll', hitsPerPage: 5 });
    expect(JSON.parse(await runOne(engine, small, { ...LIMITS, sliceMs: 0 }, () => false, { onSlice: 'escalate' })).hits).toHaveLength(5);
  });

  it('charges the work time the clock reports', async () => {
    const p = parseSearchParams({ query: 'a', queryType: 'prefixAll', hitsPerPage: 300, distinct: 0 });
    let t = 0;
    // A clock that advances 40 ms per reading: the 100 ms budget is passed within a few pieces.
    const clock = () => (t += 40);
    await expect(runOne(engine, p, { ...LIMITS, budgetMs: 100 }, () => false, { onSlice: 'yield', clock })).rejects.toThrow(/more than 100 ms of search work/);
    await expect(runOne(engine, p, { ...LIMITS, budgetMs: 100 }, () => false, { onSlice: 'yield', clock: () => 0 })).resolves.toContain('"hits"');
  });
});
