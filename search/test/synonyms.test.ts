import { describe, expect, it } from 'vitest';
import { SYNONYMS, synonymMap } from '../src/synonyms.ts';
import { engineFor, rec, search, urls } from './helpers.ts';

describe('synonymMap', () => {
  it('maps every word of a two-way entry to the others, and a one-way input to its synonyms only', () => {
    const m = synonymMap([
      { objectID: 'a', type: 'synonym', synonyms: ['Cancel', 'abort'] },
      { objectID: 'b', type: 'oneWaySynonym', input: 'exception', synonyms: ['error'] },
    ]);
    expect(m.get('cancel')).toEqual(['abort']);
    expect(m.get('abort')).toEqual(['cancel']);
    expect(m.get('exception')).toEqual(['error']);
    expect(m.has('error')).toBe(false);
  });

  it('rejects a multi-word entry with a clear error', () => {
    expect(() => synonymMap([{ objectID: 'sse', type: 'synonym', synonyms: ['sse', 'server-sent events'] }])).toThrow(/sse.*not a single word/);
  });

  it('accepts the shipped vocabulary', () => {
    expect(synonymMap(SYNONYMS).size).toBeGreaterThan(10);
  });
});

describe('synonyms in the engine', () => {
  const e = engineFor([
    rec({ page: '/docs/client/aborting', type: 'lvl1', h: { lvl1: 'Aborting procedure calls' }, position: 5 }),
    rec({ page: '/docs/client/requests', type: 'lvl1', h: { lvl1: 'Sending requests' }, position: 1 }),
    rec({ page: '/docs/server/errors', type: 'lvl1', h: { lvl1: 'Error handling' }, position: 2 }),
    rec({ page: '/docs/faq', content: 'An exception thrown in a resolver is logged.', h: { lvl1: 'FAQ' }, position: 3 }),
  ]);
  const pages = (query: string) => urls(search(e, { query }));

  it('finds the docs term for the everyday word, both ways for a two-way entry', () => {
    expect(pages('cancel')).toEqual(['/docs/client/aborting']);
    expect(pages('abort')).toEqual(['/docs/client/aborting']);
  });

  it('finds a migration guide for "upgrade" (a shipped entry)', () => {
    const m = engineFor([rec({ page: '/docs/migrate-from-v10-to-v11', type: 'lvl1', h: { lvl1: 'Migrate from v10 to v11' }, pageType: 'migration' })]);
    expect(urls(search(m, { query: 'upgrade' }))).toEqual(['/docs/migrate-from-v10-to-v11']);
  });

  it('finds the heading that spells out an abbreviation (SSR, SSG, RSC, SSE), through its joined words', () => {
    const m = engineFor([
      rec({ page: '/docs/v9/ssr', type: 'lvl1', h: { lvl1: 'Server-side rendering with withTRPC' } }),
      rec({ page: '/docs/v9/ssg', type: 'lvl1', h: { lvl1: 'Static site generation' } }),
      rec({ page: '/docs/client/rsc', type: 'lvl1', h: { lvl1: 'React Server Components' } }),
      rec({ page: '/docs/client/sse', type: 'lvl1', h: { lvl1: 'Server-sent events' } }),
    ]);
    expect(urls(search(m, { query: 'ssr' }))[0]).toBe('/docs/v9/ssr');
    expect(urls(search(m, { query: 'ssg' }))[0]).toBe('/docs/v9/ssg');
    expect(urls(search(m, { query: 'rsc' }))[0]).toBe('/docs/client/rsc');
    expect(urls(search(m, { query: 'sse' }))[0]).toBe('/docs/client/sse');
  });

  it('finds the synonyms of a one-way input, not the reverse', () => {
    expect(pages('exception').sort()).toEqual(['/docs/faq', '/docs/server/errors']);
    expect(pages('error')).toEqual(['/docs/server/errors']);
  });
});
