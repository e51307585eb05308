import { describe, expect, it } from 'vitest';
import { matchUnit } from '../src/matcher.ts';
import { parseQuery } from '../src/query.ts';
import { decodeKey } from '../src/rankingKey.ts';
import { Scoring } from '../src/scoring.ts';
import { SearchIndex } from '../src/searchIndex.ts';
import { TEMPLATE_SETTINGS } from '../src/settings.ts';
import { rec } from './helpers.ts';

const records = [
  rec({ page: '/a', content: 'batch one two link', h: { lvl1: 'Alpha' } }),
  rec({ page: '/b', type: 'lvl1', h: { lvl1: 'Batch link' } }),
  rec({ page: '/c', content: 'only batch here', h: { lvl1: 'Gamma' } }),
  rec({ page: '/docs/typedoc/x', type: 'lvl1', h: { lvl1: 'Batch link' } }),
  rec({ page: '/docs/concepts', anchor: 'context', type: 'lvl2', h: { lvl1: 'Concepts', lvl2: 'Context' } }),
];
const ix = new SearchIndex(records);

function score(query: string) {
  const units = parseQuery(query, true, 'prefixNone').units;
  const terms = units.map((u) => matchUnit(ix.dict, u, TEMPLATE_SETTINGS));
  const sc = new Scoring(ix);
  sc.begin(units, terms);
  units.forEach((u, i) => sc.collect(u, i));
  const all = (1 << units.length) - 1;
  const out: Record<number, ReturnType<typeof decodeKey> & { mask: number }> = {};
  for (let i = 0; i < sc.touchedLen; i++) {
    const r = sc.touched[i]!;
    out[r] = { ...decodeKey(sc.key(r, all, units.length)), mask: sc.recMask[r]! };
  }
  return out;
}

describe('Scoring', () => {
  it('records which units each record matched', () => {
    const s = score('batch link');
    expect(s[0]!.mask).toBe(0b11);
    expect(s[2]!.mask).toBe(0b01);
    expect(Object.keys(s).map(Number).sort()).toEqual([0, 1, 2, 3]);
  });

  it('measures proximity within one attribute', () => {
    const s = score('batch link');
    expect(s[1]!.proximityDistance).toBe(1); // "Batch link"
    expect(s[0]!.proximityDistance).toBe(3); // batch … … link
  });

  it('takes the deepest attribute needed for all words', () => {
    const s = score('alpha batch');
    expect(s[0]!.firstMatchedWord).toBeGreaterThanOrEqual(7 * 512); // alpha in lvl1, batch only in content
  });

  it('keeps the typo count and attribute of the best match, whatever order the words come in', () => {
    // "concepts" (lvl1) is a 2-typo alternative of "context" (lvl2) and is met first.
    expect(score('context')[4]).toMatchObject({ nbTypos: 0, firstMatchedWord: 2 * 512 });
    expect(score('contexts')[4]).toMatchObject({ nbTypos: 0, firstMatchedWord: 2 * 512 }); // plural counts as exact
  });

  it('marks the API reference for the filters criterion', () => {
    const s = score('batch link');
    expect(s[3]!.filters).toBe(0);
    expect(s[1]!.filters).toBe(1);
  });

  it('reuses its arrays across queries without leaking state', () => {
    const sc = new Scoring(ix);
    for (const q of ['batch', 'link', 'batch']) {
      const units = parseQuery(q, true, 'prefixNone').units;
      sc.begin(units, units.map((u) => matchUnit(ix.dict, u, TEMPLATE_SETTINGS)));
      units.forEach((u, i) => sc.collect(u, i));
      const touched = Array.from(sc.touched.subarray(0, sc.touchedLen)).sort();
      expect(touched).toEqual(q === 'batch' ? [0, 1, 2, 3] : [0, 1, 3]);
    }
  });
});
