import { describe, expect, it } from 'vitest';
import { matchUnit } from '../src/matcher.ts';
import { parseQuery } from '../src/query.ts';
import { ATTR_WITHIN, decodeKey } from '../src/rankingKey.ts';
import { attributeRank, pageTypeTiers, Scoring } from '../src/scoring.ts';
import { SearchIndex } from '../src/searchIndex.ts';
import { TEMPLATE_SETTINGS } from '../src/settings.ts';
import { PAGE_TYPES } from '../src/types.ts';
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

  it('ranks the attribute by the best heading a word is in, then the deepest attribute needed for all words', () => {
    const s = score('alpha batch'); // alpha in lvl1, batch only in content, first word of it
    expect(s[0]!.firstMatchedWord).toBe(attributeRank(1 * 512, 7 * 512, 1)); // one word missing from the title
    expect(attributeRank(1 * 512, 7 * 512 + 3)).toBeLessThan(attributeRank(2 * 512, 2 * 512)); // a title word beats a deeper heading
    expect(attributeRank(1 * 512, 2 * 512)).toBeLessThan(attributeRank(1 * 512, 7 * 512)); // then the deepest attribute
    expect(attributeRank(1 * 512, 7 * 512 + 2)).toBeLessThan(attributeRank(1 * 512, 7 * 512 + 9)); // then the position in the text
  });

  it('counts the matched words missing from the page title first, a plural of a title word counting as the title', () => {
    const titled = new SearchIndex([
      rec({ page: '/p', content: 'text about middleware chains', h: { lvl0: 'Server', lvl1: 'Define routers', lvl2: 'Middleware' } }),
      rec({ page: '/q', type: 'lvl2', h: { lvl1: 'Middlewares', lvl2: 'Router and middleware' } }),
    ]);
    const units = parseQuery('router middleware', true, 'prefixNone').units;
    const sc = new Scoring(titled);
    sc.begin(units, units.map((u) => matchUnit(titled.dict, u, TEMPLATE_SETTINGS)));
    units.forEach((u, i) => sc.collect(u, i));
    const p = decodeKey(sc.key(0, 0b11, 2)).firstMatchedWord;
    const q = decodeKey(sc.key(1, 0b11, 2)).firstMatchedWord;
    expect(Math.floor(p / ATTR_WITHIN)).toBe(1); // "routers" is in the title, "middleware" only below it
    expect(Math.floor(q / ATTR_WITHIN)).toBe(1); // "middlewares" is in the title, "router" only below it
    expect(attributeRank(7 * 512, 7 * 512, 0)).toBeLessThan(attributeRank(1 * 512, 1 * 512, 1)); // fewer title misses first
  });

  it('does not let lvl0 (a whole sidebar section) count as a heading', () => {
    const section = new SearchIndex([
      rec({ page: '/x', content: 'routers in text', h: { lvl0: 'Server', lvl1: 'Other' } }),
    ]);
    const units = parseQuery('server routers', true, 'prefixNone').units;
    const sc = new Scoring(section);
    sc.begin(units, units.map((u) => matchUnit(section.dict, u, TEMPLATE_SETTINGS)));
    units.forEach((u, i) => sc.collect(u, i));
    expect(decodeKey(sc.key(0, 0b11, 2)).firstMatchedWord).toBe(attributeRank(7 * 512, 7 * 512, 2));
  });

  it('keeps the typo count and attribute of the best match, whatever order the words come in', () => {
    // "concepts" (lvl1) is a 2-typo alternative of "context" (lvl2) and is met first.
    expect(score('context')[4]).toMatchObject({ nbTypos: 0, firstMatchedWord: attributeRank(2 * 512, 2 * 512, 1) });
    expect(score('contexts')[4]).toMatchObject({ nbTypos: 0, firstMatchedWord: attributeRank(2 * 512, 2 * 512, 1) }); // plural counts as exact
  });

  it('gives the API reference the last tier of the filters criterion', () => {
    const s = score('batch link');
    expect(s[3]!.filters).toBe(0);
    expect(s[1]!.filters).toBe(3);
  });

  it('lifts the demotion of migration guides and blog posts when a query word asks for them', () => {
    const tiers = (words: string[]) => Object.fromEntries(PAGE_TYPES.map((t, i) => [t, pageTypeTiers(words)[i]]));
    expect(tiers(['client'])).toEqual({ docs: 0, migration: 1, blog: 1, page: 2, reference: 3 });
    expect(tiers(['migrate', 'client'])).toMatchObject({ migration: 0, blog: 1 });
    expect(tiers(['upgrading'])).toMatchObject({ migration: 0 });
    expect(tiers(['announcing', 'v11'])).toMatchObject({ blog: 0, migration: 1 });
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
