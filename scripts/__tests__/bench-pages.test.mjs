import { describe, expect, it } from 'vitest';
import { calibratedMultiplier, chunkOf, LIGHTHOUSE_CPU_MULTIPLIER } from '../bench-pages.mjs';

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
