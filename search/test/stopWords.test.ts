import { describe, expect, it } from 'vitest';
import { engineFor, rec, search, urls } from './helpers.ts';

describe('removeStopWords', () => {
  const e = engineFor([
    rec({ page: '/docs/server/routers', type: 'lvl1', h: { lvl1: 'Define routers' }, position: 5 }),
    rec({ page: '/docs/faq', content: 'How do I do this in a router? You can do it with the router helper.', h: { lvl1: 'FAQ' }, position: 1 }),
  ]);
  const pages = (params: Record<string, unknown>) => urls(search(e, params));

  it('drops question words, so the topic word decides (index default)', () => {
    expect(pages({ query: 'how do i define a router' })[0]).toBe('/docs/server/routers');
    // With the words kept, the page that repeats the question words wins.
    expect(pages({ query: 'how do i define a router', removeStopWords: false })[0]).toBe('/docs/faq');
  });

  it("drops a negated auxiliary once its clitic is gone: doesn't names no topic", () => {
    // Before, "doesn't" became the words doesn and t: no record had them, so
    // every word went optional and the FAQ, which only mentions routers, came back too.
    expect(pages({ query: "router doesn't define" })).toEqual(['/docs/server/routers']);
  });

  it("drops the product's name too, so a page titled with it does not win on that word alone", () => {
    const t = engineFor([
      rec({ page: '/docs/server/routers', type: 'lvl1', h: { lvl1: 'Define routers' }, position: 5 }),
      rec({ page: '/docs/quickstart', content: 'Your first tRPC router.', h: { lvl1: 'Set up tRPC' }, position: 1 }),
      { ...rec({ page: '/docs/server/errors', type: 'lvl1', h: { lvl1: 'Errors' }, position: 2 }), keywords: 'TRPCError' },
    ]);
    expect(urls(search(t, { query: 'trpc router' }))[0]).toBe('/docs/server/routers');
    expect(urls(search(t, { query: 'trpc' }))[0]).toBe('/docs/quickstart'); // alone, it is the query
    expect(urls(search(t, { query: 'TRPCError' }))).toEqual(['/docs/server/errors']);
  });

  it('drops "docs" and "documentation": every page is documentation, so the word names no topic', () => {
    // "createCallerFactory docs": the page that teaches the API never says "docs"; a page that
    // mentions both (a link "see the docs") must not be the only hit.
    const t = engineFor([
      rec({ page: '/docs/server/server-side-calls', content: 'Build callers with createCallerFactory.', h: { lvl1: 'Server-side calls' }, position: 3 }),
      rec({ page: '/docs/concepts', content: 'createCallerFactory is covered in the docs on server-side calls.', h: { lvl1: 'Concepts' }, position: 1 }),
    ]);
    expect(urls(search(t, { query: 'createCallerFactory docs' }))).toContain('/docs/server/server-side-calls');
    expect(urls(search(t, { query: 'createCallerFactory documentation' }))).toContain('/docs/server/server-side-calls');
    expect(urls(search(t, { query: 'createCallerFactory docs', removeStopWords: false }))).toEqual(['/docs/concepts']);
  });

  it('keeps a query made only of stop words, and quoted stop words', () => {
    expect(pages({ query: 'how do i' })).toEqual(['/docs/faq']);
    expect(pages({ query: 'router "how"' })).toEqual(['/docs/faq']);
  });

  it('reads the parameter as a boolean or a list of languages', () => {
    expect(pages({ query: 'how do i define a router', removeStopWords: ['fr'] })[0]).toBe('/docs/faq');
    expect(pages({ query: 'how do i define a router', removeStopWords: 'en' })[0]).toBe('/docs/server/routers');
    expect(() => search(e, { query: 'x', removeStopWords: 3 })).toThrow(/removeStopWords/);
  });
});
