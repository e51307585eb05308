import { describe, expect, it } from 'vitest';
import { calibratedMultiplier, chunkOf, LIGHTHOUSE_CPU_MULTIPLIER, sweepRounds } from '../bench-pages.mjs';

describe('bench-pages --sweep --chunk', () => {
  const pages = Array.from({ length: 87 }, (_, i) => `/docs/p${i}`);

  it('splits the page list into N consecutive parts that cover every page once, in order', () => {
    for (const n of [1, 2, 7, 87, 100]) {
      const parts = Array.from({ length: n }, (_, k) => chunkOf(pages, [k + 1, n]));
      expect(parts.flat()).toEqual(pages);
    }
  });

  it('gives parts of nearly equal size', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map((k) => chunkOf(pages, [k, 7]).length)).toEqual([13, 13, 13, 13, 13, 13, 9]);
  });
});

describe('bench-pages --cpu-multiplier auto', () => {
  it("scales Lighthouse's 4x by the host's benchmark index against the 1750 that 4x assumes", () => {
    expect(LIGHTHOUSE_CPU_MULTIPLIER).toBe(4);
    expect(calibratedMultiplier(1750)).toBe(4);
    expect(calibratedMultiplier(883.5)).toBe(2);
    expect(calibratedMultiplier(1312)).toBe(3);
  });

  it('stays between 1x (a very slow host) and 4x (a host faster than Lighthouse assumes)', () => {
    expect(calibratedMultiplier(100)).toBe(1);
    expect(calibratedMultiplier(3000)).toBe(4);
  });

  it('refuses a missing or nonsensical index', () => {
    for (const bad of [0, -5, Number.NaN, undefined]) expect(() => calibratedMultiplier(bad)).toThrow(/bad benchmark index/);
  });
});

describe('bench-pages --sweep rounds', () => {
  /** A fake Lighthouse: each route's scores in the order of its runs; 'x' is a failed run. */
  function fake(plan) {
    const order = [];
    const left = Object.fromEntries(Object.entries(plan).map(([k, v]) => [k, [...v]]));
    const measure = async (route) => {
      order.push(route);
      const next = left[route].shift();
      if (next === 'x' || next === undefined) throw new Error('no trace');
      return { score: next, tbt: 100 - next, index: 2000 };
    };
    return { order, measure };
  }

  it('runs every page once, then pages under 90 twice more, in turns rather than back to back', async () => {
    const { order, measure } = fake({ '/a': [99], '/b': [80, 95, 85], '/c': [85, 70, 75], '/d': [91] });
    const { runs } = await sweepRounds(['/a', '/b', '/c', '/d'], measure);
    expect(order).toEqual(['/a', '/b', '/c', '/d', '/b', '/c', '/b', '/c']);
    expect(runs.get('/a').scores).toEqual([99]);
    expect(runs.get('/b').scores).toEqual([80, 95, 85]);
    expect(runs.get('/c').scores).toEqual([85, 70, 75]);
  });

  it('gives a page at 90 or more on its first run no second run, and one with a later low run its third', async () => {
    const { order, measure } = fake({ '/a': [90], '/b': [89, 99, 99] });
    const { runs } = await sweepRounds(['/a', '/b'], measure);
    expect(order).toEqual(['/a', '/b', '/b', '/b']);
    expect(runs.get('/b').scores).toHaveLength(3);
  });

  it('runs again a page whose run failed, without counting the failure', async () => {
    const { order, measure } = fake({ '/a': ['x', 97] });
    const errors = [];
    const { runs } = await sweepRounds(['/a'], measure, { onError: (route) => errors.push(route) });
    expect(order).toEqual(['/a', '/a']);
    expect(errors).toEqual(['/a']);
    expect(runs.get('/a').scores).toEqual([97]);
    expect(runs.get('/a').failures).toBe(1);
  });

  it('counts every failed run of a page that never succeeds', async () => {
    const { order, measure } = fake({ '/a': ['x', 'x', 'x'], '/b': [95] });
    const { runs } = await sweepRounds(['/a', '/b'], measure);
    expect(order).toEqual(['/a', '/b', '/a', '/a']);
    expect(runs.get('/a')).toMatchObject({ scores: [], failures: 3 });
    expect(runs.get('/b').failures).toBe(0);
  });

  it('with once, measures each page a single time', async () => {
    const { order, measure } = fake({ '/a': [50], '/b': [60] });
    await sweepRounds(['/a', '/b'], measure, { once: true });
    expect(order).toEqual(['/a', '/b']);
  });

  it('stops at the deadline and says so', async () => {
    const { order, measure } = fake({ '/a': [50, 50, 50] });
    const { skipped } = await sweepRounds(['/a'], measure, { deadline: Date.now() - 1 });
    expect(order).toEqual([]);
    expect(skipped).toBe(true);
  });
});
