import { describe, expect, it } from 'vitest';
import { chunkOf } from '../bench-pages.mjs';

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
