import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  checkFreshQuestions,
  type EarlierSets,
  FRESH_QUESTIONS_FILE,
  normalizeQuery,
  routeVersion,
  siteRoutes,
} from '../bench/fresh-questions.ts';
import { EXTRA_QUESTIONS_FILE, REAL_QUESTIONS_FILE, type RealQuestion, type RealQuestionsFile } from '../bench/split.ts';

// Validates the file only: nothing here runs the search engine on these queries, so the set stays untouched.
const read = (file: string) => JSON.parse(readFileSync(file, 'utf8'));
const fresh = read(FRESH_QUESTIONS_FILE) as RealQuestionsFile;
const real = read(REAL_QUESTIONS_FILE) as RealQuestionsFile;
const synthetic = read(path.join(path.dirname(REAL_QUESTIONS_FILE), 'queries.json')) as { queries: { query: string }[] };
const earlier: EarlierSets = {
  queries: [...real.queries, ...synthetic.queries].map((q) => q.query),
  sources: real.queries.map((q) => q.source),
};
const routes = siteRoutes();

function withEntry(change: (queries: RealQuestion[]) => void): RealQuestionsFile {
  const copy = structuredClone(fresh);
  change(copy.queries);
  return copy;
}

describe('site routes', () => {
  it('maps docs, versioned docs and blog sources to their URLs, slugs included', () => {
    for (const route of [
      '/docs/server/middlewares',
      '/docs/faq',
      '/docs/server/adapters',
      '/docs/client/links/httpBatchLink',
      '/docs/v10/client/react/useUtils',
      '/docs/v10/migrate-from-v9-to-v10',
      '/docs/v9/links',
      '/docs/v9/output-validation',
      '/blog/trpc-actions',
    ]) {
      expect(routes, route).toContain(route);
    }
    // A slug replaces the file path; partials and folder metadata are not pages.
    expect(routes).not.toContain('/docs/further/faq');
    expect(routes).not.toContain('/docs/server/adapters/introduction');
    expect([...routes].some((r) => r.includes('_category_'))).toBe(false);
  });

  it('knows the docs version of a route', () => {
    expect(routeVersion('/docs/v10/server/context')).toBe('10.x');
    expect(routeVersion('/docs/v9/router')).toBe('9.x');
    expect(routeVersion('/docs/server/context')).toBeUndefined();
    expect(routeVersion('/docs/v100/x')).toBeUndefined();
    expect(routeVersion('/blog/trpc-actions')).toBeUndefined();
  });
});

describe('fresh real-questions set', () => {
  it('is valid: unique queries and sources, https sources, real pages, new to the earlier sets', () => {
    expect(checkFreshQuestions(fresh, routes, earlier)).toEqual([]);
  });

  it('has at least 90 queries, mostly about 11.x, some about 10.x and 9.x', () => {
    expect(fresh.queries.length).toBeGreaterThanOrEqual(90);
    const byVersion = (v: string | undefined) => fresh.queries.filter((q) => q.version === v).length;
    expect(byVersion(undefined)).toBeGreaterThan(fresh.queries.length / 2);
    expect(byVersion('10.x')).toBeGreaterThanOrEqual(10);
    expect(byVersion('9.x')).toBeGreaterThanOrEqual(5);
  });

  it('is held out as a whole: no entry carries a tune/held-out half', () => {
    expect(fresh.queries.filter((q) => 'half' in q)).toEqual([]);
  });
});

describe('checkFreshQuestions rejects a bad entry', () => {
  const cases: Array<[string, (queries: RealQuestion[]) => void, RegExp]> = [
    ['a repeated query', (qs) => qs.push({ ...qs[1]!, query: qs[0]!.query.toUpperCase(), source: 'https://github.com/trpc/trpc/issues/999999' }), /duplicate query/],
    ['a repeated source', (qs) => qs.push({ ...qs[0]!, query: 'some other words', source: qs[1]!.source }), /duplicate source/],
    ['an http source', (qs) => (qs[0]!.source = qs[0]!.source.replace('https:', 'http:')), /not an https/],
    ['a source that is not a question URL', (qs) => (qs[0]!.source = 'https://example.com/blog/post'), /not an https/],
    ['a source from real-questions.json', (qs) => (qs[0]!.source = real.queries[0]!.source), /already used in real-questions/],
    ['a query from real-questions.json', (qs) => (qs[0]!.query = `${real.queries[3]!.query}?`), /already in real-questions/],
    ['a query from queries.json', (qs) => (qs[0]!.query = synthetic.queries[5]!.query), /already in real-questions.json or queries.json/],
    ['a page that does not exist', (qs) => (qs[0]!.expect = '/docs/server/no-such-page'), /not a docs or blog page/],
    ['a file path instead of its slug', (qs) => (qs[0]!.expect = '/docs/further/faq'), /not a docs or blog page/],
    ['a 10.x page without its version', (qs) => (qs.find((q) => q.version === '10.x')!.version = undefined), /does not match/],
    ['an 11.x page marked 9.x', (qs) => (qs.find((q) => !q.version && q.expect.startsWith('/docs/'))!.version = '9.x'), /does not match/],
    ['a half field', (qs) => (qs[0]!.half = 'tune'), /unexpected field "half"/],
    ['an untrimmed query', (qs) => (qs[0]!.query = ` ${qs[0]!.query}`), /trimmed/],
    ['a sentence instead of a search-box query', (qs) => (qs[0]!.query = 'how do I make the thing work with the other thing please'), /words/],
    ['a missing question title', (qs) => (qs[0]!.question = ''), /question/],
    ['an alternative page that does not exist', (qs) => Object.assign(qs[0]!, { also: ['/docs/server/no-such-page'] }), /also "\/docs\/server\/no-such-page" is not a docs or blog page/],
    ['an alternative that repeats expect', (qs) => Object.assign(qs[0]!, { also: [qs[0]!.expect] }), /also repeats expect/],
    ['an alternative of another version', (qs) => Object.assign(qs.find((q) => q.version === '10.x')!, { also: ['/docs/server/routers'] }), /not a page of the query's version/],
    ['an empty list of alternatives', (qs) => Object.assign(qs[0]!, { also: [] }), /non-empty array/],
  ];

  for (const [name, change, message] of cases) {
    it(name, () => {
      const problems = checkFreshQuestions(withEntry(change), routes, earlier);
      expect(problems.length, problems.join('\n')).toBeGreaterThan(0);
      expect(problems.join('\n')).toMatch(message);
    });
  }

  it('treats case and punctuation differences as the same query', () => {
    expect(normalizeQuery('useQuery  Options!')).toBe(normalizeQuery('usequery options'));
  });
});

describe('extra tuning set', () => {
  // More real questions, collected later for tuning only (bench/run.ts shows their misses); they
  // must be new to every earlier set, the held-out ones included, so no held-out query is tuned on twice.
  const extra = read(EXTRA_QUESTIONS_FILE) as RealQuestionsFile;
  const all: EarlierSets = {
    queries: [...earlier.queries, ...fresh.queries.map((q) => q.query)],
    sources: [...earlier.sources, ...fresh.queries.map((q) => q.source)],
  };

  it('is valid: unique queries and sources, https sources, real pages, new to every earlier set', () => {
    expect(checkFreshQuestions({ ...extra, seed: 0 }, routes, all, 'public')).toEqual([]);
    expect(extra.queries.length).toBeGreaterThanOrEqual(150);
  });

  it('takes threads of any public project, but only https thread or page URLs', () => {
    const entry = (source: string) => ({ ...extra, seed: 0, queries: [{ ...extra.queries[0]!, source }] });
    expect(checkFreshQuestions(entry('https://github.com/t3-oss/create-t3-app/issues/191'), routes, all, 'public')).toEqual([]);
    expect(checkFreshQuestions(entry('https://github.com/t3-oss/create-t3-app/issues/191'), routes, all).join()).toMatch(/not an https tRPC repository/);
    expect(checkFreshQuestions(entry('http://github.com/t3-oss/create-t3-app/issues/191'), routes, all, 'public').join()).toMatch(/not an https thread/);
    expect(checkFreshQuestions(entry('https://github.com/t3-oss'), routes, all, 'public').join()).toMatch(/not an https thread/);
  });
});
