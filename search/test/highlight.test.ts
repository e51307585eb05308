import { describe, expect, it } from 'vitest';
import { Dictionary } from '../src/dictionary.ts';
import { highlight, snippet, type HighlightContext } from '../src/highlight.ts';
import { KIND_EXACT, KIND_PREFIX, KIND_TYPO } from '../src/matcher.ts';

const dict = new Dictionary(['a', 'batch', 'http', 'httpbatchlink', 'link', 'record', 'router', 'routers', 'string', 'words'].sort());
const id = (w: string) => dict.id(w);

function ctx(units: { words: string[]; typed?: number; terms: [string, number][] }[], tags = ['<em>', '</em>']): HighlightContext {
  return {
    dict,
    units: units.map((u) => ({ words: u.words, typedLength: u.typed ?? u.words[0]!.length, terms: new Map(u.terms.map(([w, q]) => [id(w), q])) })),
    preTag: tags[0]!,
    postTag: tags[1]!,
    ellipsis: '…',
  };
}

describe('highlight', () => {
  it('escapes the text and adds only the highlight tags', () => {
    const h = highlight(`Record<string, T> & "a"`, ctx([{ words: ['record'], terms: [['record', KIND_EXACT]] }]));
    expect(h.value).toBe('<em>Record</em>&lt;string, T&gt; &amp; &quot;a&quot;');
    expect(h).toMatchObject({ matchLevel: 'full', matchedWords: ['record'], fullyHighlighted: false });
  });

  it('marks only the typed part of a prefix match', () => {
    const h = highlight('Define Routers', ctx([{ words: ['rout'], typed: 4, terms: [['routers', KIND_PREFIX]] }]));
    expect(h.value).toBe('Define <em>Rout</em>ers');
  });

  it('marks the whole word for typo matches', () => {
    expect(highlight('the router', ctx([{ words: ['rotuer'], terms: [['router', 4 + KIND_TYPO]] }])).value).toBe('the <em>router</em>');
  });

  it('marks camel-case parts and merges touching marks', () => {
    const c = ctx([
      { words: ['http'], terms: [['http', KIND_EXACT]] },
      { words: ['batch'], terms: [['batch', KIND_EXACT]] },
    ]);
    expect(highlight('use httpBatchLink', c).value).toBe('use <em>httpBatch</em>Link');
  });

  it('reports partial, full and none, and fullyHighlighted', () => {
    const c = ctx([
      { words: ['router'], terms: [['router', KIND_EXACT]] },
      { words: ['words'], terms: [['words', KIND_EXACT]] },
    ]);
    expect(highlight('router', c)).toEqual({ value: '<em>router</em>', matchLevel: 'partial', matchedWords: ['router'], fullyHighlighted: true });
    expect(highlight('router words', c).matchLevel).toBe('full');
    expect(highlight('nothing here', c)).toEqual({ value: 'nothing here', matchLevel: 'none', matchedWords: [] });
  });

  it('highlights a title written as several words for a query written as one', () => {
    const c = ctx([{ words: ['httpbatchlink'], terms: [['httpbatchlink', KIND_EXACT]] }]);
    expect(highlight('HTTP Batch Link', c, true).value).toBe('<em>HTTP Batch Link</em>');
    expect(highlight('HTTP Batch Link', c, false).value).toBe('HTTP Batch Link');
  });

  it('keeps apart, in the per-response cache, a text highlighted with and without joined words', () => {
    const c = { ...ctx([{ words: ['httpbatchlink'], terms: [['httpbatchlink', KIND_EXACT]] }]), cache: new Map() };
    expect(highlight('HTTP Batch Link', c, true).value).toBe('<em>HTTP Batch Link</em>');
    expect(highlight('HTTP Batch Link', c, false).value).toBe('HTTP Batch Link');
    expect(highlight('HTTP Batch Link', c, true).value).toBe('<em>HTTP Batch Link</em>');
  });

  it('uses the tags it is given', () => {
    const c = ctx([{ words: ['link'], terms: [['link', KIND_EXACT]] }], ['<mark>', '</mark>']);
    expect(highlight('a link', c).value).toBe('a <mark>link</mark>');
  });
});

describe('snippet', () => {
  const text = 'one two three four five six seven eight nine ten eleven twelve router thirteen fourteen fifteen sixteen seventeen eighteen nineteen twenty.';
  const c = ctx([{ words: ['router'], terms: [['router', KIND_EXACT]] }]);

  it('cuts a window of N words around the match with ellipses', () => {
    const s = snippet(text, 5, c);
    expect(s.value).toBe('…eleven twelve <em>router</em> thirteen fourteen…');
    expect(s.matchLevel).toBe('full');
  });

  it('starts at the beginning when nothing matches', () => {
    expect(snippet(text.replace('router ', ''), 3, c)).toEqual({ value: 'one two three…', matchLevel: 'none' });
  });

  it('keeps short texts whole and glues trailing punctuation', () => {
    expect(snippet('the router.', 10, c).value).toBe('the <em>router</em>.');
    expect(snippet('a b router. c d', 3, c).value).toBe('…b <em>router</em>. c…');
  });

  it('prefers the window with the most distinct query words', () => {
    const two = ctx([
      { words: ['router'], terms: [['router', KIND_EXACT]] },
      { words: ['link'], terms: [['link', KIND_EXACT]] },
    ]);
    const s = snippet('router a a a a a a a router link a a a a a a', 3, two);
    expect(s.value).toContain('<em>router</em> <em>link</em>');
  });

  it('escapes inside the window and uses the ellipsis text given', () => {
    const custom = { ...c, ellipsis: '...' };
    expect(snippet('x y <b>router</b> & z w v', 2, custom).value).toBe('...&gt;<em>router</em>&lt;/b&gt;...');
    expect(snippet('x y <b>router</b> & z w v', 4, custom).value).toBe('...&lt;b&gt;<em>router</em>&lt;/b&gt; &amp; z...');
  });
});
