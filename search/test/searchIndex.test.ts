import { describe, expect, it } from 'vitest';
import { attributeText, facetValues, RANK_SPACE, SearchIndex } from '../src/searchIndex.ts';
import { rec } from './helpers.ts';

const records = [
  rec({ page: '/a', type: 'lvl1', h: { lvl0: 'Server', lvl1: 'Define Routers' }, pageRank: 1, position: 0 }),
  rec({ page: '/a', content: 'Routers group procedures', h: { lvl0: 'Server', lvl1: 'Define Routers' }, pageRank: 1, position: 1 }),
  rec({ page: '/b', anchor: 'x', type: 'lvl2', h: { lvl0: 'Client', lvl1: 'Links', lvl2: 'HTTP Batch Link' }, pageRank: 5, position: 3, version: ['10.x', 'legacy'] }),
  rec({ page: '/b', anchor: 'x', content: 'batch', h: { lvl0: 'Client', lvl1: 'Links', lvl2: 'HTTP Batch Link' }, pageRank: 5, position: 4 }),
];
const ix = new SearchIndex(records);

describe('SearchIndex', () => {
  it('indexes every searchable attribute with attribute and position', () => {
    const t = ix.dict.id('procedures');
    const postings = Array.from({ length: ix.postStart[t + 1]! - ix.postStart[t]! }, (_, k) => [ix.postRecord[ix.postStart[t]! + k], ix.postAttrPos[ix.postStart[t]! + k]]);
    expect(postings).toEqual([[1, (7 << 16) | 2]]);
    expect(ix.dict.id('httpbatchlink')).toBeGreaterThanOrEqual(0); // joined heading words
    expect(attributeText(records[2]!, 2)).toBe('HTTP Batch Link');
    expect(attributeText(records[2]!, 7)).toBeNull();
  });

  it('groups records by url for distinct', () => {
    expect(ix.group[0]).toBe(ix.group[1]);
    expect(ix.group[2]).toBe(ix.group[3]);
    expect(ix.group[0]).not.toBe(ix.group[2]);
    expect(ix.groupCount).toBe(2);
  });

  it('orders records by desc pageRank, desc level, asc position', () => {
    expect(Array.from(ix.recordAtRank)).toEqual([2, 3, 0, 1]);
    expect(ix.rankOf[2]).toBe(0);
    expect(RANK_SPACE).toBe(2 ** 17);
  });

  it('knows single-word headings (not lvl0, not the text)', () => {
    const sole = Array.from(ix.soleTerm.slice(ix.soleStart[3], ix.soleStart[4])).map((t) => ix.dict.terms[t]);
    expect(sole).toEqual(['links']);
  });

  it('answers facet membership case-insensitively, null for unknown', () => {
    expect(Array.from(ix.member('version', 'legacy')!)).toEqual([0, 0, 1, 0]);
    expect(Array.from(ix.member('type', 'content')!)).toEqual([0, 1, 0, 1]);
    expect(ix.member('version', 'nope')).toBeNull();
    expect(ix.member('url', 'x')).toBeNull();
    expect(ix.isFacet('docusaurus_tag')).toBe(true);
    expect(facetValues(records[2]!, 'version')).toEqual(['10.x', 'legacy']);
  });

  it('finds a term at a position (phrases)', () => {
    const batch = ix.dict.id('batch');
    expect(ix.hasTermAt(2, batch, (2 << 16) | 1)).toBe(true);
    expect(ix.hasTermAt(2, batch, (2 << 16) | 0)).toBe(false);
  });
});
