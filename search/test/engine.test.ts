import { describe, expect, it } from 'vitest';
import type { SearchResponse } from '../src/engine.ts';
import { buildIndex } from '../src/indexFile.ts';
import { engineFor, FIXTURE_BUILD, rec, search, SITE, urls, type Hit } from './helpers.ts';

const corpus = [
  rec({ page: '/docs/server/routers', type: 'lvl1', h: { lvl0: 'Server', lvl1: 'Define Routers' } }),
  rec({ page: '/docs/server/routers', content: 'A router groups procedures. Merge routers with mergeRouters.', h: { lvl0: 'Server', lvl1: 'Define Routers' } }),
  rec({ page: '/docs/server/routers', anchor: 'inputs', type: 'lvl2', h: { lvl0: 'Server', lvl1: 'Define Routers', lvl2: 'Input validation' } }),
  rec({ page: '/docs/server/routers', anchor: 'inputs', content: 'Validate the input of a procedure with a Record<string, T> & friends, "quoted".', h: { lvl0: 'Server', lvl1: 'Define Routers', lvl2: 'Input validation' } }),
  rec({ page: '/docs/server/context', type: 'lvl1', h: { lvl0: 'Server', lvl1: 'Context' } }),
  rec({ page: '/docs/server/context', content: 'The context holds the database connection and the session of the request.', h: { lvl0: 'Server', lvl1: 'Context' } }),
  rec({ page: '/docs/client/links/httpBatchLink', type: 'lvl1', h: { lvl0: 'Links', lvl1: 'HTTP Batch Link' } }),
  rec({ page: '/docs/client/links/httpBatchLink', content: 'httpBatchLink batches operations into one request to the router.', h: { lvl0: 'Links', lvl1: 'HTTP Batch Link' } }),
  rec({ page: '/docs/client/links/wsLink', type: 'lvl1', h: { lvl0: 'Links', lvl1: 'WebSocket Link' } }),
  rec({ page: '/docs/client/links/wsLink', content: 'wsLink sends subscriptions over a WebSocket connection.', h: { lvl0: 'Links', lvl1: 'WebSocket Link' } }),
  rec({ page: '/docs/server/subscriptions', type: 'lvl1', h: { lvl0: 'Server', lvl1: 'Subscriptions' } }),
  rec({ page: '/docs/server/subscriptions', content: 'A subscription streams events to the client; it is deprecated in favour of SSE for most apps.', h: { lvl0: 'Server', lvl1: 'Subscriptions' } }),
  rec({ page: '/docs/v10/server/routers', type: 'lvl1', h: { lvl0: 'Server', lvl1: 'Define Routers' }, tag: 'docs-default-10.x', version: ['10.x'], pageRank: 4 }),
  rec({ page: '/docs/typedoc/server/functions/router', type: 'lvl1', h: { lvl0: 'API Reference', lvl1: 'Routers' }, pageRank: 1 }),
  rec({ page: '/blog/introducing', type: 'lvl1', h: { lvl0: 'Blog', lvl1: 'Introducing the library' }, tag: 'default', version: [], pageRank: 2 }),
  rec({ page: '/blog/introducing', content: 'We built a router for typesafe APIs.', h: { lvl0: 'Blog', lvl1: 'Introducing the library' }, tag: 'default', version: [], pageRank: 2 }),
];
const engine = engineFor(corpus);
const q = (params: Record<string, unknown>) => search(engine, params);
const first = (res: SearchResponse) => urls(res)[0];

describe('response shape', () => {
  it('has the fields both UIs read', () => {
    const res = q({ query: 'router', hitsPerPage: 5 });
    expect(res).toMatchObject({ page: 0, hitsPerPage: 5, query: 'router', exhaustiveNbHits: true, index: 'trpc-docs' });
    expect(typeof res.processingTimeMS).toBe('number');
    expect(res.params).toBe('query=router&hitsPerPage=5');
    expect(res.nbPages).toBe(Math.ceil(res.nbHits / 5));
    expect(res.queryID).toBeUndefined();
    expect(res.facets).toBeUndefined();
  });

  it('returns a queryID with clickAnalytics', () => {
    expect(q({ query: 'router', clickAnalytics: true }).queryID).toMatch(/^[0-9a-f]{32}$/);
  });

  it('gives every hit an absolute url, objectID, type and hierarchy by default', () => {
    for (const hit of q({ query: '' }).hits as Hit[]) {
      expect(new URL(hit.url).origin).toBe(SITE);
      expect(Object.keys(hit).sort()).toEqual(
        ['_highlightResult', 'anchor', 'content', 'hierarchy', 'objectID', 'type', 'url', 'url_without_anchor', ...(hit.content ? ['_snippetResult'] : [])].sort(),
      );
    }
  });
});

describe('empty query', () => {
  it('returns every record, ordered by the custom ranking', () => {
    const res = q({ query: '', distinct: false, hitsPerPage: 100 });
    expect(res.nbHits).toBe(corpus.length);
    const ranks = (res.hits as Hit[]).map((h) => corpus.find((c) => c.objectID === h.objectID)!.weight);
    for (let i = 1; i < ranks.length; i++) {
      const a = ranks[i - 1]!;
      const b = ranks[i]!;
      expect(a.pageRank > b.pageRank || (a.pageRank === b.pageRank && (a.level > b.level || (a.level === b.level && a.position <= b.position)))).toBe(true);
    }
  });
});

describe('pagination', () => {
  it('pages through distinct hits', () => {
    const all = urls(q({ query: 'router', hitsPerPage: 100 }));
    const p0 = q({ query: 'router', hitsPerPage: 2, page: 0 });
    const p1 = q({ query: 'router', hitsPerPage: 2, page: 1 });
    expect([...urls(p0), ...urls(p1)]).toEqual(all.slice(0, 4));
    expect(p1.page).toBe(1);
    expect(p0.nbPages).toBe(Math.ceil(all.length / 2));
  });

  it('accepts hitsPerPage 0 (counts without hits) and pages past the end', () => {
    const zero = q({ query: 'router', hitsPerPage: 0 });
    expect(zero.hits).toEqual([]);
    expect(zero.nbHits).toBeGreaterThan(0);
    expect(zero.nbPages).toBe(0);
    expect(q({ query: 'router', page: 50 }).hits).toEqual([]);
  });
});

describe('facetFilters and facets', () => {
  it('ANDs and ORs like the DocSearch contextual search', () => {
    const res = q({ query: 'routers', facetFilters: ['language:en', ['docusaurus_tag:default', 'docusaurus_tag:docs-default-10.x']], hitsPerPage: 50 });
    expect(urls(res).every((u) => u.startsWith('/docs/v10/') || u.startsWith('/blog/'))).toBe(true);
    expect(urls(res)).toContain('/docs/v10/server/routers');
  });

  it('reads the /search page dialect (nested arrays) and the string form', () => {
    const nested = q({ query: 'routers', facetFilters: [['docusaurus_tag:docs-default-10.x'], ['language:en']] });
    expect(urls(nested)).toEqual(['/docs/v10/server/routers']);
    expect(urls(q({ query: 'routers', facetFilters: 'docusaurus_tag:docs-default-10.x' }))).toEqual(['/docs/v10/server/routers']);
    expect(urls(q({ params: 'query=routers&facetFilters=%5B%22version%3A10.x%22%5D' }))).toEqual(['/docs/v10/server/routers']);
  });

  it('negates with attr:-value', () => {
    const res = q({ query: 'routers', facetFilters: ['docusaurus_tag:-docs-default-current'], hitsPerPage: 50 });
    expect(urls(res)).toEqual(['/docs/v10/server/routers', '/blog/introducing']);
  });

  it('returns zero hits for an attribute that is not faceted', () => {
    const res = q({ query: 'routers', facetFilters: ['url:x'] });
    expect(res.nbHits).toBe(0);
    expect(res.hits).toEqual([]);
  });

  it('counts facets for an array, a string and *', () => {
    const res = q({ query: 'routers', facets: ['docusaurus_tag', 'language'], hitsPerPage: 0 });
    expect(res.facets!.language).toEqual({ en: res.nbHits });
    expect(Object.values(res.facets!.docusaurus_tag!).reduce((a, b) => a + b, 0)).toBe(res.nbHits);
    expect(res.facets!.docusaurus_tag!['docs-default-10.x']).toBe(1);
    expect(Object.keys(q({ query: 'routers', facets: 'language' }).facets!)).toEqual(['language']);
    expect(Object.keys(q({ query: 'routers', facets: ['*'] }).facets!).sort()).toEqual(['docusaurus_tag', 'lang', 'language', 'type', 'version']);
    expect(q({ query: 'routers', facets: ['url'] }).facets).toEqual({});
  });
});

describe('attributesToRetrieve', () => {
  it('resolves dotted paths into nested objects, objectID always included', () => {
    const hit = q({ query: 'context', attributesToRetrieve: ['hierarchy.lvl0', 'hierarchy.lvl1', 'type', 'url'], attributesToHighlight: [] }).hits[0] as Hit;
    expect(Object.keys(hit).sort()).toEqual(['hierarchy', 'objectID', 'type', 'url']);
    expect(hit.hierarchy).toEqual({ lvl0: 'Server', lvl1: 'Context' });
  });

  it('supports * with exclusions', () => {
    const hit = q({ query: 'context', attributesToRetrieve: ['*', '-weight', '-hierarchy.lvl6'] }).hits[0] as Hit;
    expect(hit.weight).toBeUndefined();
    expect(hit.language).toBe('en');
    expect('lvl6' in hit.hierarchy).toBe(false);
    expect('lvl5' in hit.hierarchy).toBe(true);
  });
});

describe('highlighting', () => {
  it('uses the index default tags unless the request gives some', () => {
    const def = q({ query: 'context' }).hits[0] as Hit;
    expect(def._highlightResult.hierarchy.lvl1.value).toBe('<span class="algolia-docsearch-suggestion--highlight">Context</span>');
    const mark = q({ query: 'context', highlightPreTag: '<mark>', highlightPostTag: '</mark>' }).hits[0] as Hit;
    expect(mark._highlightResult.hierarchy.lvl1.value).toBe('<mark>Context</mark>');
  });

  it('has hierarchy entries only for present levels, in order, with value/matchLevel/matchedWords', () => {
    const hit = q({ query: 'input validation', highlightPreTag: '<em>', highlightPostTag: '</em>' }).hits[0] as Hit;
    expect(Object.keys(hit._highlightResult.hierarchy)).toEqual(['lvl0', 'lvl1', 'lvl2']);
    expect(hit._highlightResult.hierarchy.lvl2).toEqual({
      value: '<em>Input</em> <em>validation</em>',
      matchLevel: 'full',
      matchedWords: ['input', 'validation'],
      fullyHighlighted: true,
    });
    expect(hit._highlightResult.hierarchy.lvl0).toEqual({ value: 'Server', matchLevel: 'none', matchedWords: [] });
  });

  it('escapes <, &, and quotes in highlighted and snippeted content', () => {
    const hit = q({ query: 'record string', highlightPreTag: '<em>', highlightPostTag: '</em>' }).hits[0] as Hit;
    expect(hit._highlightResult.content.value).toBe(
      'Validate the input of a procedure with a <em>Record</em>&lt;<em>string</em>, T&gt; &amp; friends, &quot;quoted&quot;.',
    );
    expect(hit._snippetResult.content.value).toContain('<em>Record</em>&lt;<em>string</em>, T&gt; &amp;');
    expect(JSON.stringify(hit._highlightResult)).not.toMatch(/<(?!\/?em>)/);
  });

  it('snippets attr:N windows with the ellipsis text asked for', () => {
    const hit = q({
      query: 'session',
      attributesToSnippet: ['content:4', 'hierarchy.lvl1:2', 'hierarchy.lvl3:5'],
      snippetEllipsisText: '...',
      highlightPreTag: '<b>',
      highlightPostTag: '</b>',
    }).hits.find((h) => (h as Hit).type === 'content') as Hit;
    expect(hit._snippetResult.content).toEqual({ value: '...the <b>session</b> of the...', matchLevel: 'full' });
    expect(hit._snippetResult.hierarchy).toEqual({ lvl1: { value: 'Context', matchLevel: 'none' } });
  });

  it('snippets content to 10 words by default', () => {
    const hit = q({ query: 'database' }).hits.find((h) => (h as Hit).type === 'content') as Hit;
    const words = hit._snippetResult.content.value.replace(/<[^>]+>/g, '').replace(/…/g, ' ').trim().split(/\s+/);
    expect(words).toHaveLength(10);
  });
});

describe('distinct', () => {
  it('keeps one hit per url (the best ranked)', () => {
    const res = q({ query: 'routers', hitsPerPage: 50 });
    const u = urls(res);
    expect(new Set(u).size).toBe(u.length);
    const hit = (res.hits as Hit[]).find((h) => h.url === `${SITE}/docs/server/routers`)!;
    expect(hit.type).toBe('lvl1'); // the heading, not the paragraph of the same section
    expect(q({ query: 'routers', distinct: false, hitsPerPage: 50 }).nbHits).toBeGreaterThan(res.nbHits);
  });

  it('keeps up to N per url with distinct=N', () => {
    const two = q({ query: 'routers', distinct: 2, hitsPerPage: 50 });
    expect(urls(two).filter((u) => u === '/docs/server/routers')).toHaveLength(2);
  });
});

describe('matching', () => {
  it('tolerates one typo from 3 letters and two from 7 (template thresholds)', () => {
    expect(first(q({ query: 'contxt' }))).toBe('/docs/server/context');
    expect(first(q({ query: 'subscirptoins' }))).toBe('/docs/server/subscriptions');
    expect(q({ query: 'ctz' }).nbHits).toBe(0); // 3 letters, 2 edits away from anything
    expect(q({ query: 'subscirptoins', minWordSizefor2Typos: 20 }).nbHits).toBe(0);
    expect(q({ query: 'contxt', typoTolerance: false }).nbHits).toBe(0);
  });

  it('takes the attribute of the best match, not of a typo alternative', () => {
    const e = engineFor([
      rec({ page: '/docs/concepts', anchor: 'context', type: 'lvl2', h: { lvl1: 'Concepts', lvl2: 'Context' }, pageRank: 9 }),
      rec({ page: '/docs/server/context', type: 'lvl1', h: { lvl1: 'Context' }, pageRank: 1 }),
    ]);
    // "concepts" is 2 typos from "context": it must not lift the first record to lvl1.
    expect(urls(search(e, { query: 'context' }))).toEqual(['/docs/server/context', '/docs/concepts#context']);
  });

  it('does not match a typo alternative of a word the index has', () => {
    const e = engineFor([
      rec({ page: '/docs/faq', content: 'How do I test my routers?', h: { lvl1: 'FAQ' } }),
      rec({ page: '/docs/rest', type: 'lvl1', h: { lvl1: 'REST' } }),
      rec({ page: '/docs/rest', content: 'Plain HTTP requests reach every procedure.', h: { lvl1: 'REST' } }),
      rec({ page: '/docs/merging-routers', type: 'lvl1', h: { lvl1: 'Merging routers' } }),
    ]);
    // "rest" is in the index, so "test" (one typo away) is not a match for it: the page about
    // tests no longer holds every word of "rest routers" and does not come first.
    expect(urls(search(e, { query: 'rest', queryType: 'prefixNone' }))).toEqual(['/docs/rest']);
    expect(urls(search(e, { query: 'rest routers', queryType: 'prefixNone' }))[0]).not.toBe('/docs/faq');
    // A word the index lacks still finds its typo alternatives.
    expect(urls(search(e, { query: 'tset', queryType: 'prefixNone' }))).toEqual(['/docs/faq']);
  });

  it('ranks exact matches above typo matches', () => {
    const corpus2 = [rec({ page: '/a', h: { lvl1: 'Routes' } }), rec({ page: '/b', h: { lvl1: 'Router' } })];
    const e = engineFor(corpus2);
    expect(urls(search(e, { query: 'router', queryType: 'prefixNone' }))).toEqual(['/b', '/a']);
  });

  it('matches the last word as a prefix, ranked below a whole-word match', () => {
    expect(first(q({ query: 'subscri' }))).toBe('/docs/server/subscriptions');
    expect(q({ query: 'subscri', queryType: 'prefixNone' }).nbHits).toBe(0);
    const e = engineFor([rec({ page: '/long', h: { lvl1: 'Linking' } }), rec({ page: '/exact', h: { lvl1: 'Link' } })]);
    expect(urls(search(e, { query: 'link' }))).toEqual(['/exact', '/long']);
  });

  it('treats singular and plural as the same word', () => {
    expect(q({ query: 'subscription' }).nbHits).toBe(q({ query: 'subscriptions' }).nbHits);
    expect(q({ query: 'subscription', ignorePlurals: false, queryType: 'prefixNone', typoTolerance: false }).nbHits).toBeLessThan(
      q({ query: 'subscription', queryType: 'prefixNone', typoTolerance: false }).nbHits,
    );
  });

  it('requires all words, and makes them optional when nothing matches', () => {
    expect(urls(q({ query: 'database session' }))).toEqual(['/docs/server/context']);
    const relaxed = q({ query: 'database zzzyzx' });
    expect(urls(relaxed)).toEqual(['/docs/server/context']);
    expect(q({ query: 'database zzzyzx', removeWordsIfNoResults: 'none' }).nbHits).toBe(0);
    expect(urls(q({ query: 'database zzzyzx', removeWordsIfNoResults: 'lastWords' }))).toEqual(['/docs/server/context']);
    expect(q({ query: 'zzzyzx database', removeWordsIfNoResults: 'lastWords' }).nbHits).toBe(0);
  });

  it('supports quoted phrases and exclusions with advancedSyntax', () => {
    expect(urls(q({ query: '"database connection"' }))).toEqual(['/docs/server/context']);
    expect(q({ query: '"connection database"' }).nbHits).toBe(0);
    const withoutWs = urls(q({ query: 'connection -websocket', hitsPerPage: 50 }));
    expect(withoutWs).toContain('/docs/server/context');
    expect(withoutWs).not.toContain('/docs/client/links/wsLink');
    expect(q({ query: '"connection database"', advancedSyntax: false }).nbHits).toBeGreaterThan(0);
  });

  it('finds camel-case words by their parts and titles by the joined word', () => {
    expect(first(q({ query: 'merge routers' }))).toBe('/docs/server/routers');
    expect(urls(q({ query: 'httpBatchLink' }))[0]).toBe('/docs/client/links/httpBatchLink');
    const hit = q({ query: 'httpbatchlink', highlightPreTag: '<em>', highlightPostTag: '</em>' }).hits[0] as Hit;
    expect(hit._highlightResult.hierarchy.lvl1.value).toBe('<em>HTTP Batch Link</em>');
  });

  it('finds a hook by its name without the prefix, typed as one word, and highlights that run', () => {
    const e = engineFor([
      rec({ page: '/docs/useQuery', type: 'lvl1', h: { lvl1: 'useQuery()' }, pageRank: 9 }),
      rec({ page: '/docs/useQuery', anchor: 'pages', content: 'For an infinite list of pages, see the next page.', h: { lvl1: 'useQuery()', lvl2: 'Pages' }, pageRank: 9 }),
      rec({ page: '/docs/useInfiniteQuery', type: 'lvl1', h: { lvl1: 'useInfiniteQuery()' } }),
    ]);
    const res = search(e, { query: 'infinitequery', highlightPreTag: '<em>', highlightPostTag: '</em>' });
    expect(urls(res)[0]).toBe('/docs/useInfiniteQuery');
    expect((res.hits[0] as Hit)._highlightResult.hierarchy.lvl1.value).toBe('use<em>InfiniteQuery</em>()');
  });
});

describe('warmUp', () => {
  const records = [
    rec({ page: '/docs/routers', type: 'lvl1', h: { lvl1: 'Define routers' }, tag: 'docs-default-current' }),
    rec({ page: '/docs/routers', anchor: 'merge', content: 'Merge routers with mergeRouters.', h: { lvl1: 'Define routers', lvl2: 'Merging' }, tag: 'docs-default-current' }),
    rec({ page: '/docs/context', type: 'lvl1', h: { lvl1: 'Context' }, tag: 'docs-default-current' }),
  ];

  it('runs modal-shaped searches over the page titles within its budget', () => {
    const e = engineFor(records);
    expect(e.warmUp(1000)).toBeGreaterThan(4); // each title, with filters and without, and typed prefixes
    expect(engineFor(records).warmUp(0)).toBe(0);
  });

  it('leaves nothing a later search can see', () => {
    const warmed = engineFor(records);
    warmed.warmUp(1000);
    for (const query of ['rout', 'merge routers', 'context', 'definee']) {
      const params = { query, hitsPerPage: 5, attributesToSnippet: ['content:5'], facetFilters: ['docusaurus_tag:docs-default-current'] };
      const strip = (r: SearchResponse) => ({ ...r, processingTimeMS: 0 });
      expect(strip(search(warmed, params))).toEqual(strip(search(engineFor(records), params)));
    }
  });
});

describe('ranking (DocSearch template criteria)', () => {
  it('ranks a heading hit above a body hit for the same word', () => {
    const e = engineFor([
      rec({ page: '/body', content: 'All about caching responses.', h: { lvl1: 'Performance' } }),
      rec({ page: '/heading', type: 'lvl1', h: { lvl1: 'Caching' } }),
    ]);
    expect(urls(search(e, { query: 'caching' }))).toEqual(['/heading', '/body']);
  });

  it('ranks by the deepest attribute needed for all words: one word in lvl0 does not carry a page', () => {
    const e = engineFor([
      rec({ page: '/docs/server/adapters/express', content: 'Unlike the fetch one, this adapter needs Node.', h: { lvl0: 'Adapters', lvl1: 'Express adapter' }, position: 1 }),
      rec({ page: '/docs/server/adapters/fetch', type: 'lvl1', h: { lvl0: 'Adapters', lvl1: 'Fetch adapter' }, position: 0 }),
    ]);
    expect(urls(search(e, { query: 'fetch adapter' }))).toEqual(['/docs/server/adapters/fetch', '/docs/server/adapters/express']);
  });

  it('ranks more matched words first when words are optional', () => {
    const e = engineFor([rec({ page: '/one', h: { lvl1: 'alpha' } }), rec({ page: '/two', h: { lvl1: 'alpha beta' } })]);
    expect(urls(search(e, { query: 'alpha beta gamma' }))).toEqual(['/two', '/one']);
  });

  it('ranks closer words first (proximity)', () => {
    const e = engineFor([
      rec({ page: '/far', content: 'batch one two three four five six link' }),
      rec({ page: '/near', content: 'batch link one two three four five six' }),
    ]);
    expect(urls(search(e, { query: 'batch link', queryType: 'prefixNone' }))).toEqual(['/near', '/far']);
  });

  it('ranks earlier matches in the content first (ordered attribute)', () => {
    const e = engineFor([
      rec({ page: '/late', content: 'one two three four five six seven router' }),
      rec({ page: '/early', content: 'router one two three four five six seven' }),
    ]);
    expect(urls(search(e, { query: 'router' }))).toEqual(['/early', '/late']);
  });

  it('breaks ties with the custom ranking: higher pageRank first', () => {
    const e = engineFor([
      rec({ page: '/blog/init', type: 'lvl1', h: { lvl0: 'Blog', lvl1: 'initTRPC' }, pageRank: 2, position: 0 }),
      rec({ page: '/docs/server/init', type: 'lvl1', h: { lvl0: 'Server', lvl1: 'initTRPC' }, pageRank: 5, position: 0 }),
    ]);
    expect(urls(search(e, { query: 'inittrpc' }))).toEqual(['/docs/server/init', '/blog/init']);
  });

  it('ranks the generated API reference after hand-written pages matching as many words (filters criterion)', () => {
    expect(urls(q({ query: 'routers', facetFilters: ['docusaurus_tag:docs-default-current'], hitsPerPage: 50 }))).toEqual([
      '/docs/server/routers',
      '/docs/server/routers#inputs',
      '/docs/client/links/httpBatchLink', // "router" deep in a paragraph still comes first
      '/docs/typedoc/server/functions/router', // though its lvl1 is exactly the word
    ]);
    const info = (q({ query: 'routers', getRankingInfo: true, hitsPerPage: 50 }).hits as Hit[]).map((h) => h._rankingInfo.filters);
    expect(info[info.length - 1]).toBe(0);
    expect(info[0]).toBe(3);
  });

  it('ranks a heading that is the word as typed above its plural form', () => {
    const e = engineFor([
      rec({ page: '/docs/client/react/useQueries', type: 'lvl1', h: { lvl1: 'useQueries()' }, position: 0 }),
      rec({ page: '/docs/client/react/useQuery', type: 'lvl1', h: { lvl1: 'useQuery()' }, position: 0 }),
    ]);
    expect(urls(search(e, { query: 'useQuery' }))).toEqual(['/docs/client/react/useQuery', '/docs/client/react/useQueries']);
    expect(urls(search(e, { query: 'useQueries' }))[0]).toBe('/docs/client/react/useQueries');
  });

  it('exposes the ranking tuple with getRankingInfo', () => {
    const info = (q({ query: 'contxt', getRankingInfo: true }).hits[0] as Hit)._rankingInfo;
    expect(info).toMatchObject({ nbTypos: 1, words: 1, proximityDistance: 0 });
  });
});

describe('on the fixture build', () => {
  it('answers a DocSearch-style query on indexed HTML', async () => {
    const { index } = await buildIndex(FIXTURE_BUILD, SITE);
    const e = engineFor(index.records);
    const res = search(e, {
      query: 'input types',
      facetFilters: ['language:en', ['docusaurus_tag:default', 'docusaurus_tag:docs-default-current']],
      highlightPreTag: '<mark>',
      highlightPostTag: '</mark>',
    });
    expect(urls(res)[0]).toBe('/docs/server/routers#input-types');
    expect(res.hits.every((h) => !String(h.url).includes('/v10/'))).toBe(true);
  });
});

describe('relevance rules', () => {
  it('ranks migration guides, blog posts and site pages below docs that match as well, unless the query asks for them', () => {
    const e = engineFor([
      rec({ page: '/docs/migrate-from-v10-to-v11', anchor: 'client', type: 'lvl2', h: { lvl1: 'Migrate from v10 to v11', lvl2: 'createTRPCClient' }, pageType: 'migration', position: 0 }),
      rec({ page: '/blog/announcing-trpc-11', anchor: 'client', type: 'lvl2', h: { lvl0: 'Blog', lvl1: 'Announcing tRPC 11', lvl2: 'createTRPCClient' }, pageType: 'blog', position: 0 }),
      rec({ page: '/', type: 'lvl1', h: { lvl0: 'Pages', lvl1: 'createTRPCClient in three steps' }, pageType: 'page', position: 0 }),
      rec({ page: '/docs/client/vanilla/setup', content: 'Create the client with createTRPCClient and one link.', h: { lvl1: 'Set up the vanilla client' }, pageType: 'docs', position: 5 }),
    ]);
    const pages = (query: string) => urls(search(e, { query })).map((u) => u.replace(/#.*/, ''));
    expect(pages('createTRPCClient')).toEqual(['/docs/client/vanilla/setup', '/docs/migrate-from-v10-to-v11', '/blog/announcing-trpc-11', '/']);
    expect(pages('migrate createTRPCClient')[0]).toBe('/docs/migrate-from-v10-to-v11');
    expect(pages('upgrading createTRPCClient')[0]).toBe('/docs/migrate-from-v10-to-v11');
    expect(pages('announcing createTRPCClient')[0]).toBe('/blog/announcing-trpc-11');
    // A better word match still wins: the demotion only breaks ties on the words criterion.
    expect(pages('v11 createTRPCClient')[0]).toBe('/docs/migrate-from-v10-to-v11');
  });

  it('ranks a section of the page titled with the query topic above a section of another page that mentions it', () => {
    const e = engineFor([
      rec({ page: '/docs/server/context', anchor: 'growing', content: 'Middlewares extend the context per procedure.', h: { lvl1: 'Context', lvl2: 'Growing it' }, position: 9 }),
      rec({ page: '/docs/server/middlewares', anchor: 'steps', content: 'Each step can call next() to extend the context it passes on.', h: { lvl1: 'Middlewares', lvl2: 'Steps' }, position: 9 }),
    ]);
    expect(urls(search(e, { query: 'extend middleware' }))[0]).toBe('/docs/server/middlewares#steps');
  });

  it('counts a plural title word as the title: a lone singular word in the text does not outrank it', () => {
    const e = engineFor([
      rec({ page: '/docs/client/vanilla/infer-types', content: 'Router', h: { lvl1: 'Infer types from your router' }, position: 4 }),
      rec({ page: '/docs/server/routers', type: 'lvl1', h: { lvl1: 'Routers' }, position: 0 }),
    ]);
    expect(urls(search(e, { query: 'router' }))[0]).toBe('/docs/server/routers');
  });

  it('finds other forms of a word, after the form as typed', () => {
    const e = engineFor([
      rec({ page: '/docs/server/websockets', anchor: 'auth', type: 'lvl2', h: { lvl1: 'WebSockets', lvl2: 'Authenticate with connectionParams' }, position: 3 }),
      rec({ page: '/docs/server/authorization', anchor: 'ws', content: 'WebSocket authentication happens once per connection.', h: { lvl1: 'Authorization', lvl2: 'Sockets' }, position: 3 }),
    ]);
    expect(urls(search(e, { query: 'authenticate' }))).toEqual(['/docs/server/websockets#auth', '/docs/server/authorization#ws']);
    // Another form counts as no typo: the heading of the page titled with the other word wins.
    expect(urls(search(e, { query: 'websocket authentication' }))).toEqual(['/docs/server/websockets#auth', '/docs/server/authorization#ws']);
    // When the form as typed and another form are in the same place, the form as typed wins (exact).
    const same = engineFor([
      rec({ page: '/docs/a', content: 'How to authenticate a caller.', h: { lvl1: 'Alpha' }, position: 1 }),
      rec({ page: '/docs/b', content: 'How to authentication a caller.', h: { lvl1: 'Beta' }, position: 2 }),
    ]);
    expect(urls(search(same, { query: 'authentication' }))).toEqual(['/docs/b', '/docs/a']);
  });

  it('finds API names of code blocks (keywords), below the same words in headings or text', () => {
    const e = engineFor([
      { ...rec({ page: '/docs/server/authorization', anchor: 'roles', type: 'lvl2', h: { lvl1: 'Authorization', lvl2: 'Role checks' }, position: 3 }), keywords: 'protectedProcedure initTRPC' },
      rec({ page: '/docs/server/procedures', anchor: 'base', content: 'A base procedure is protected by a middleware.', h: { lvl1: 'Procedures', lvl2: 'Base procedures' }, position: 9 }),
      rec({ page: '/docs/server/other', content: 'Nothing about it.', h: { lvl1: 'Other' }, position: 1 }),
    ]);
    expect(urls(search(e, { query: 'protectedProcedure' }))).toEqual(['/docs/server/authorization#roles']);
    expect(urls(search(e, { query: 'protected procedure' }))).toEqual(['/docs/server/procedures#base', '/docs/server/authorization#roles']);
    // Keywords are searchable, never shown.
    expect(search(e, { query: 'protectedProcedure' }).hits[0]).not.toHaveProperty('keywords');
  });

  it("finds a page by words spread over its sections (the title record's keywords), above a page with one of them", () => {
    const e = engineFor([
      { ...rec({ page: '/docs/client/links/wsLink', type: 'lvl1', h: { lvl1: 'Socket link' }, position: 0 }), keywords: 'Send calls over one WebSocket connection. · Options · Reconnection' },
      rec({ page: '/docs/client/links/wsLink', anchor: 'reconnection', type: 'lvl2', h: { lvl1: 'Socket link', lvl2: 'Reconnection' }, position: 4 }),
      rec({ page: '/docs/server/websockets', type: 'lvl1', h: { lvl1: 'WebSockets' }, position: 0 }),
    ]);
    expect(urls(search(e, { query: 'websocket reconnect' }))[0]).toBe('/docs/client/links/wsLink');
    // A one-word query still prefers the title and the section heading.
    expect(urls(search(e, { query: 'websocket' }))[0]).toBe('/docs/server/websockets');
    expect(urls(search(e, { query: 'reconnection' }))[0]).toBe('/docs/client/links/wsLink#reconnection');
  });

  it('gives the page-title prior to every docs page, to a site page only when the query names its whole title, never to a demoted kind', () => {
    const e = engineFor([
      rec({ page: '/docs/server/adapters/fetch', anchor: 'x', content: 'Serve a router from a Fetch handler.', h: { lvl1: 'Fetch adapter', lvl2: 'Setup' }, position: 9 }),
      rec({ page: '/docs/server/adapters', anchor: 'y', type: 'lvl2', h: { lvl1: 'Adapters', lvl2: 'Fetch handler' }, position: 1 }),
      rec({ page: '/', anchor: 'z', content: 'An adapter turns a router into a handler.', h: { lvl0: 'Pages', lvl1: 'Typesafe APIs without the glue' }, pageType: 'page', position: 0 }),
      rec({ page: '/pricing', type: 'lvl1', h: { lvl0: 'Pages', lvl1: 'Pricing' }, tag: 'default', version: [], pageType: 'page', position: 0 }),
      rec({ page: '/docs/pricing-notes', content: 'A pricing table for plans.', h: { lvl1: 'Plans' }, position: 0 }),
      rec({ page: '/docs/server/routes', content: 'Mount the API handler under one route.', h: { lvl1: 'Routes' }, position: 0 }),
      rec({ page: '/docs/typedoc/server/fetch', type: 'lvl1', h: { lvl0: 'API Reference', lvl1: 'fetch handler' }, pageType: 'reference', position: 0 }),
      rec({ page: '/blog/fetch', content: 'The fetch handler in depth.', h: { lvl0: 'Blog', lvl1: 'Fetch handler news' }, pageType: 'blog', position: 0 }),
    ]);
    const pages = (query: string) => urls(search(e, { query })).map((u) => u.replace(/#.*/, ''));
    // The page titled "Fetch adapter" beats a heading "Fetch handler" on a page titled "Adapters".
    expect(pages('fetch handler')[0]).toBe('/docs/server/adapters/fetch');
    // The reference and the blog post, whose titles hold both words, come after every docs page.
    expect(pages('fetch handler').slice(-2)).toEqual(['/blog/fetch', '/docs/typedoc/server/fetch']);
    // A site page named by the whole query is the page for it; a long site title is no topic.
    expect(pages('pricing')[0]).toBe('/pricing');
    expect(pages('api handler').slice(0, 2)).toEqual(['/docs/server/routes', '/']);
  });

  it('ranks the page that treats the query words in several sections above a page that mentions them once (page weight)', () => {
    const e = engineFor([
      rec({ page: '/docs/client/cors', anchor: 'c', content: 'Pass eventSourceOptions with credentials.', h: { lvl1: 'CORS', lvl2: 'Credentials' }, position: 1 }),
      rec({ page: '/docs/client/cors', anchor: 'd', content: 'Other text about origins.', h: { lvl1: 'CORS', lvl2: 'Origins' }, position: 2 }),
      rec({ page: '/docs/client/links/sub', anchor: 'a', content: 'Browsers open the stream; set options with the link below, including eventSourceOptions.', h: { lvl1: 'Subscription link', lvl2: 'Options' }, position: 3 }),
      rec({ page: '/docs/client/links/sub', anchor: 'b', content: 'Cookies travel when eventSourceOptions has withCredentials.', h: { lvl1: 'Subscription link', lvl2: 'Auth' }, position: 4 }),
      rec({ page: '/docs/client/links/sub', anchor: 'e', content: 'A callback for eventSourceOptions runs per connection.', h: { lvl1: 'Subscription link', lvl2: 'Callbacks' }, position: 5 }),
    ]);
    expect(urls(search(e, { query: 'eventSourceOptions' }))[0]).toMatch(/^\/docs\/client\/links\/sub#/);
  });

  it('holds back a long page that mentions the words as often as a short page (page weight, length normalised)', () => {
    const long = Array.from({ length: 40 }, (_, i) =>
      rec({ page: '/docs/migrate', anchor: `s${i}`, content: i < 2 ? 'Rename the keepAlive option.' : `Step ${i} of the guide.`, h: { lvl1: 'Moving on', lvl2: `Step ${i}` }, position: i }),
    );
    const e = engineFor([
      ...long,
      rec({ page: '/docs/client/links/ws', anchor: 'k', content: 'The socket sends pings: set keepAlive with an interval.', h: { lvl1: 'Socket link', lvl2: 'Pings' }, position: 50 }),
      rec({ page: '/docs/client/links/ws', anchor: 'm', content: 'A silent socket is closed by keepAlive.', h: { lvl1: 'Socket link', lvl2: 'Timeouts' }, position: 51 }),
    ]);
    expect(urls(search(e, { query: 'keepAlive' }))[0]).toMatch(/^\/docs\/client\/links\/ws#/);
  });

  it('finds a docs page whose sections together hold the query words, through its title record (page-level matching)', () => {
    const e = engineFor([
      rec({ page: '/docs/server/adapters/standalone', type: 'lvl1', h: { lvl1: 'Standalone adapter' }, position: 0 }),
      rec({ page: '/docs/server/adapters/standalone', anchor: 'serve', content: 'Serve tRPC from a plain Node server.', h: { lvl1: 'Standalone adapter', lvl2: 'Serve' }, position: 1 }),
      rec({ page: '/docs/server/adapters/standalone', anchor: 'caveats', content: 'No CORS headers are set by default.', h: { lvl1: 'Standalone adapter', lvl2: 'Caveats' }, position: 2 }),
      rec({ page: '/docs/client/cors', anchor: 'x', content: 'A standalone server needs a cors middleware.', h: { lvl1: 'CORS', lvl2: 'Servers' }, position: 3 }),
      rec({ page: '/blog/adapters', type: 'lvl1', h: { lvl0: 'Blog', lvl1: 'News' }, pageType: 'blog', position: 4 }),
      rec({ page: '/blog/adapters', anchor: 'y', content: 'A server, and CORS.', h: { lvl0: 'Blog', lvl1: 'News', lvl2: 'More' }, pageType: 'blog', position: 5 }),
      rec({ page: '/blog/adapters', anchor: 'z', content: 'The standalone adapter.', h: { lvl0: 'Blog', lvl1: 'News', lvl2: 'Other' }, pageType: 'blog', position: 6 }),
    ]);
    const found = urls(search(e, { query: 'standalone server cors' }));
    expect(found).toContain('/docs/server/adapters/standalone');
    // A blog post mentions everything somewhere: its words together do not find it.
    expect(found.some((u) => u.startsWith('/blog/'))).toBe(false);
  });

  it('does not let a page that spreads every word hide the records with most of the words when no record has them all', () => {
    const e = engineFor([
      rec({ page: '/docs/a', type: 'lvl1', h: { lvl1: 'Alpha' }, position: 0 }),
      rec({ page: '/docs/a', anchor: 'one', content: 'lambda functions', h: { lvl1: 'Alpha', lvl2: 'One' }, position: 1 }),
      rec({ page: '/docs/a', anchor: 'two', content: 'edge runtimes', h: { lvl1: 'Alpha', lvl2: 'Two' }, position: 2 }),
      rec({ page: '/docs/a', anchor: 'three', content: 'streaming', h: { lvl1: 'Alpha', lvl2: 'Three' }, position: 3 }),
      rec({ page: '/docs/b', anchor: 'x', content: 'Deploy to lambda at the edge.', h: { lvl1: 'Lambda' }, position: 4 }),
    ]);
    expect(urls(search(e, { query: 'lambda edge streaming' }))[0]).toBe('/docs/b#x');
  });

  it('counts a code name as naming the page whose title it ends with (createServerSideHelpers → "Server-side helpers")', () => {
    const e = engineFor([
      rec({ page: '/docs/client/nextjs/ssg', anchor: 'a', content: 'createServerSideHelpers prefetches in getStaticProps.', h: { lvl1: 'Static generation', lvl2: 'Prefetch' }, position: 1 }),
      rec({ page: '/docs/client/nextjs/server-side-helpers', anchor: 'b', content: 'Build them with createServerSideHelpers and a router.', h: { lvl1: 'Server-side helpers', lvl2: 'Setup' }, position: 2 }),
      rec({ page: '/docs/server/context', anchor: 'c', content: 'Return the context from createContext.', h: { lvl1: 'Context', lvl2: 'Create' }, position: 3 }),
      rec({ page: '/docs/server/adapters', anchor: 'd', content: 'Pass createContext to the adapter.', h: { lvl1: 'Adapters', lvl2: 'Options' }, position: 0 }),
    ]);
    expect(urls(search(e, { query: 'createServerSideHelpers' }))[0]).toBe('/docs/client/nextjs/server-side-helpers#b');
    expect(urls(search(e, { query: 'createContext' }))[0]).toBe('/docs/server/context#c');
  });

  it('demotes a kind of page only against docs that match as well: an exact title beats typo matches', () => {
    const e = engineFor([
      rec({ page: '/pricing', type: 'lvl1', h: { lvl0: 'Pages', lvl1: 'Pricing' }, tag: 'default', version: [], pageType: 'page', position: 0 }),
      rec({ page: '/docs/client', content: 'Rename priceCents and every client line that reads it fails.', h: { lvl1: 'Client overview' }, position: 2 }),
    ]);
    expect(urls(search(e, { query: 'pricing' }))[0]).toBe('/pricing');
  });
});
