import { describe, expect, it } from 'vitest';
import { Dictionary } from '../src/dictionary.ts';
import type { HighlightContext } from '../src/highlight.ts';
import { highlightResult, retrieve, snippetResult } from '../src/hits.ts';
import { KIND_EXACT } from '../src/matcher.ts';
import { rec } from './helpers.ts';

const record = rec({ page: '/docs/x', anchor: 'a', content: 'Links compose into a chain of links.', h: { lvl0: 'Client', lvl1: 'Links', lvl2: 'Chains' } });
const dict = new Dictionary(['links', 'chain'].sort());
const ctx: HighlightContext = { dict, units: [{ words: ['links'], typedLength: 5, terms: new Map([[dict.id('links'), KIND_EXACT]]) }], preTag: '<em>', postTag: '</em>', ellipsis: '…' };

describe('retrieve', () => {
  it('picks top-level and dotted attributes', () => {
    expect(retrieve(record, ['url', 'hierarchy.lvl1', 'nope'])).toEqual({ objectID: record.objectID, url: record.url, hierarchy: { lvl1: 'Links' } });
  });

  it('copies, so hits cannot change the index', () => {
    const hit = retrieve(record, ['hierarchy']);
    (hit.hierarchy as Record<string, string>).lvl1 = 'changed';
    expect(record.hierarchy.lvl1).toBe('Links');
  });

  it('does not walk into prototypes', () => {
    expect(retrieve(record, ['__proto__', 'constructor', 'hierarchy.__proto__.x', 'toString'])).toEqual({ objectID: record.objectID });
  });
});

describe('highlightResult', () => {
  it('covers the hierarchy levels that are set, in order, and content', () => {
    const hl = highlightResult(record, ['content', 'hierarchy'], ctx)!;
    expect(Object.keys(hl)).toEqual(['content', 'hierarchy']);
    expect(Object.keys(hl.hierarchy as object)).toEqual(['lvl0', 'lvl1', 'lvl2']);
    expect((hl.hierarchy as any).lvl1.value).toBe('<em>Links</em>');
  });

  it('orders hierarchy levels even when asked out of order', () => {
    const hl = highlightResult(record, ['hierarchy.lvl2', 'hierarchy.lvl0'], ctx)!;
    expect(Object.keys(hl.hierarchy as object)).toEqual(['lvl0', 'lvl2']);
  });

  it('expands * to the searchable attributes and ignores unknown ones', () => {
    expect(Object.keys(highlightResult(record, ['*'], ctx)!)).toEqual(['hierarchy', 'content']);
    expect(highlightResult(record, ['nope'], ctx)).toBeUndefined();
  });
});

describe('snippetResult', () => {
  it('reads attr:N, defaults N to 10 and skips null levels', () => {
    const sn = snippetResult(record, ['content:3', 'hierarchy.lvl3:5', 'hierarchy.lvl1'], ctx)!;
    expect(sn.content).toEqual({ value: '<em>Links</em> compose into…', matchLevel: 'full' });
    expect(sn.hierarchy).toEqual({ lvl1: { value: '<em>Links</em>', matchLevel: 'full' } });
  });
});

describe('highlighting from the index tokens', () => {
  it('gives the same values as tokenizing the text again', async () => {
    const { buildIndex } = await import('../src/indexFile.ts');
    const { SearchIndex } = await import('../src/searchIndex.ts');
    const { HitRenderer } = await import('../src/hits.ts');
    const { matchWord } = await import('../src/matcher.ts');
    const { TEMPLATE_SETTINGS } = await import('../src/settings.ts');
    const { FIXTURE_BUILD, SITE } = await import('./helpers.ts');
    const { index } = await buildIndex(FIXTURE_BUILD, SITE);
    const ix = new SearchIndex(index.records);
    const words = ['router', 'batch', 'httpbatchlink', 'rout', 'types'];
    const units = words.map((w, i) => ({ words: [w], typedLength: w.length, terms: matchWord(ix.dict, w, i === 3, false, TEMPLATE_SETTINGS) }));
    const attrs = { attributesToRetrieve: [], attributesToHighlight: ['hierarchy', 'content'], attributesToSnippet: ['hierarchy.lvl1:2', 'content:4'] };
    const fresh = () => ({ dict: ix.dict, units, preTag: '<em>', postTag: '</em>', ellipsis: '…' });
    const fromIndex = new HitRenderer(attrs, fresh(), ix);
    const fromText = new HitRenderer(attrs, fresh());
    let highlighted = 0;
    index.records.forEach((record, i) => {
      const a = fromIndex.highlightResult(record, i);
      expect(a).toEqual(fromText.highlightResult(record));
      expect(fromIndex.snippetResult(record, i)).toEqual(fromText.snippetResult(record));
      if (JSON.stringify(a).includes('<em>')) highlighted += 1;
    });
    expect(highlighted).toBeGreaterThan(5);
  });
});
