import { describe, expect, it } from 'vitest';
import { ATTR_WITHIN, decodeKey, encodeKey, keyPage, keyRank, keyTypos, smallestKeys } from '../src/rankingKey.ts';

describe('encodeKey / decodeKey', () => {
  const W = ATTR_WITHIN; // 800: the attribute rank below the title-word misses
  it('round-trips every field, at the limits too', () => {
    const cases: [number, number, number, number, number, number, number, number][] = [
      [1, 0, 0, 0, 0, 0, 0, 0],
      [3, 1, 2, 500, 9, 2, 12345, 3],
      [15, 3, 20, 7 * W - 1, 63, 15, 2 ** 17 - 1, 7],
      [2, 2, 1, 3 * W + 300, 5, 2, 777, 1],
      [0, 0, 0, 0, 0, 0, 1, 0],
    ];
    for (const [words, tier, typo, attr, prox, exact, rank, page] of cases) {
      const key = encodeKey(words, tier, typo, attr, prox, exact, rank, page);
      expect(Number.isSafeInteger(key)).toBe(true);
      expect(decodeKey(key)).toEqual({
        words,
        filters: 3 - tier,
        nbTypos: typo,
        firstMatchedWord: attr,
        proximityDistance: prox,
        nbExactWords: exact,
        userScore: 2 ** 17 - 1 - rank,
      });
      expect(keyRank(key)).toBe(rank);
      expect(keyTypos(key)).toBe(typo);
      expect(keyPage(key)).toBe(page);
    }
  });

  it('orders by the criteria, in order: words, typo, title-word misses, filters, page weight, attribute, proximity, exact, custom', () => {
    const k = (w: number, f: number, t: number, a: number, p: number, e: number, r: number, g = 0) => encodeKey(w, f, t, a, p, e, r, g);
    expect(k(2, 3, 2, 4000, 63, 0, 999, 7)).toBeLessThan(k(1, 0, 0, 0, 0, 9, 0)); // words first
    expect(k(1, 3, 0, 4000, 100, 0, 999, 7)).toBeLessThan(k(1, 0, 1, 0, 0, 9, 0)); // then typo
    expect(k(1, 3, 2, W - 1, 100, 0, 999, 7)).toBeLessThan(k(1, 0, 2, W, 0, 9, 0)); // then the title-word misses (whole multiples of W)
    expect(k(1, 0, 2, W - 1, 100, 0, 999, 7)).toBeLessThan(k(1, 1, 2, 0, 0, 9, 0)); // then filters (lower tier first)
    expect(k(1, 2, 2, W - 1, 100, 0, 999, 7)).toBeLessThan(k(1, 3, 2, 0, 0, 9, 0));
    expect(k(1, 0, 0, W - 1, 100, 0, 999, 2)).toBeLessThan(k(1, 0, 0, 0, 0, 9, 0, 3)); // then the page weight
    expect(k(1, 0, 0, 512, 100, 0, 999)).toBeLessThan(k(1, 0, 0, 513, 0, 9, 0)); // then the rest of attribute
    expect(k(1, 0, 0, 512, 1, 0, 999)).toBeLessThan(k(1, 0, 0, 512, 2, 9, 0)); // then proximity
    expect(k(1, 0, 0, 512, 1, 3, 999)).toBeLessThan(k(1, 0, 0, 512, 1, 2, 0)); // then exact
    expect(k(1, 0, 0, 512, 1, 3, 5)).toBeLessThan(k(1, 0, 0, 512, 1, 3, 6)); // then custom
  });

  it('caps fields instead of overflowing into the next one', () => {
    const key = encodeKey(40, 9, 99, 99999, 999, 99, 0, 99);
    expect(decodeKey(key)).toMatchObject({ words: 15, filters: 0, nbTypos: 20, firstMatchedWord: 7 * W - 1, proximityDistance: 63, nbExactWords: 15 });
    expect(keyPage(key)).toBe(7);
    expect(Number.isSafeInteger(key)).toBe(true);
  });
});

describe('smallestKeys', () => {
  it('returns the k smallest, sorted, for any k', () => {
    const values = Float64Array.from({ length: 500 }, (_, i) => (i * 7919) % 1000);
    const sorted = [...values].sort((a, b) => a - b);
    for (const k of [0, 1, 5, 20, 499, 500, 600]) {
      expect(Array.from(smallestKeys(values, values.length, k))).toEqual(sorted.slice(0, k));
    }
    expect(Array.from(smallestKeys(values, 10, 3))).toEqual([...values.slice(0, 10)].sort((a, b) => a - b).slice(0, 3));
  });
});
