/**
 * Conformance with the real client libraries the site ships: the algoliasearch v5 lite client
 * (what the DocSearch modal and the /search page send requests with) and algoliasearch-helper
 * (what the /search page builds its three disjunctive-facet requests with), pointed at this server.
 */
import algoliasearchHelper from 'algoliasearch-helper';
import { liteClient } from 'algoliasearch/lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_OPTS, startServer, type Running } from './serverHelpers.ts';

let srv: Running;
beforeAll(async () => {
  srv = await startServer();
});
afterAll(async () => {
  await srv.stop();
});

function client(apiKey = DEFAULT_OPTS.apiKey, appId = DEFAULT_OPTS.appId) {
  return liteClient(appId, apiKey, {
    hosts: [{ url: '127.0.0.1', port: srv.port, protocol: 'http', accept: 'readWrite' }],
  });
}

/** The modal's request, as DocSearch 3.9 builds it. */
const modalParams = {
  attributesToRetrieve: ['hierarchy.lvl0', 'hierarchy.lvl1', 'hierarchy.lvl2', 'hierarchy.lvl3', 'hierarchy.lvl4', 'hierarchy.lvl5', 'hierarchy.lvl6', 'content', 'type', 'url'],
  attributesToSnippet: ['hierarchy.lvl1:10', 'hierarchy.lvl2:10', 'hierarchy.lvl3:10', 'hierarchy.lvl4:10', 'hierarchy.lvl5:10', 'hierarchy.lvl6:10', 'content:10'],
  snippetEllipsisText: '…',
  highlightPreTag: '<mark>',
  highlightPostTag: '</mark>',
  hitsPerPage: 20,
  clickAnalytics: false,
  facetFilters: ['language:en', ['docusaurus_tag:default', 'docusaurus_tag:docs-default-current']],
};

describe('algoliasearch v5 lite client', () => {
  it('searches like the DocSearch modal', async () => {
    const { results } = await client().search({ requests: [{ indexName: 'mysite', query: 'define routers', ...modalParams }] });
    const result = results[0] as { hits: Record<string, any>[]; nbHits: number };
    expect(result.nbHits).toBeGreaterThan(0);
    expect(result.hits[0]!.url).toBe('http://localhost:3000/docs/server/routers');
    expect(result.hits[0]!._highlightResult.hierarchy.lvl1.value).toBe('<mark>Define</mark> <mark>Routers</mark>');
    expect(result.hits.every((h) => !h.url.includes('/v10/'))).toBe(true);
  });

  it('accepts the legacy array signature the /search page uses', async () => {
    const { results } = await client().search([{ indexName: 'mysite', params: { query: 'batch', hitsPerPage: 1, page: 0 } }]);
    expect(results).toHaveLength(1);
    expect((results[0] as { hits: unknown[] }).hits).toHaveLength(1);
  });

  it('surfaces a bad key as an ApiError with status 403 (no retry, no crash)', async () => {
    await expect(client('wrong-key').search({ requests: [{ indexName: 'mysite', query: 'x' }] })).rejects.toMatchObject({
      status: 403,
      message: 'Invalid Application-ID or API key',
    });
  });

  it('surfaces an unknown index as an ApiError with status 404', async () => {
    await expect(client().search({ requests: [{ indexName: 'nope', query: 'x' }] })).rejects.toMatchObject({ status: 404, message: 'Index nope does not exist' });
  });
});

describe('algoliasearch-helper (the /search page)', () => {
  it('runs the disjunctive facet requests and reads hits and facet counts', async () => {
    const helper = algoliasearchHelper(client() as never, 'mysite', {
      hitsPerPage: 15,
      advancedSyntax: true,
      disjunctiveFacets: ['language', 'docusaurus_tag'],
    });
    helper.addDisjunctiveFacetRefinement('docusaurus_tag', 'default');
    helper.addDisjunctiveFacetRefinement('docusaurus_tag', 'docs-default-current');
    helper.addDisjunctiveFacetRefinement('language', 'en');
    const result = await new Promise<any>((resolve, reject) => {
      helper.on('result', ({ results }: { results: unknown }) => resolve(results));
      helper.on('error', ({ error }: { error: unknown }) => reject(error));
      helper.setQuery('input types').search();
    });
    expect(result.nbHits).toBeGreaterThan(0);
    expect(result.hits[0].url).toBe('http://localhost:3000/docs/server/routers#input-types');
    // What the page renders: the non-null levels of _highlightResult.hierarchy, last one as title.
    const levels = Object.keys(result.hits[0]._highlightResult.hierarchy);
    expect(levels).toEqual(['lvl0', 'lvl1', 'lvl2', 'lvl3']);
    expect(result.getFacetValues('language', {}).map((f: { name: string }) => f.name)).toEqual(['en']);
  });

  it('counts each disjunctive facet without its own refinement', async () => {
    const helper = algoliasearchHelper(client() as never, 'mysite', { disjunctiveFacets: ['docusaurus_tag'] });
    helper.addDisjunctiveFacetRefinement('docusaurus_tag', 'docs-default-10.x');
    const result = await new Promise<any>((resolve, reject) => {
      helper.on('result', ({ results }: { results: unknown }) => resolve(results));
      helper.on('error', ({ error }: { error: unknown }) => reject(error));
      helper.setQuery('batch link').search();
    });
    expect(result.hits.length).toBeGreaterThan(0);
    expect(result.hits.every((h: { url: string }) => h.url.startsWith('http://localhost:3000/docs/v10/client/links/httpBatchLink'))).toBe(true);
    const tags = Object.fromEntries(result.getFacetValues('docusaurus_tag', {}).map((f: { name: string; count: number }) => [f.name, f.count]));
    expect(Object.keys(tags).sort()).toEqual(['docs-default-10.x', 'docs-default-current']);
    expect(tags['docs-default-10.x']).toBe(result.nbHits);
  });
});
