import { describe, expect, it } from 'vitest';
import { ParamError } from '../src/errors.ts';
import { parseRequestItem, parseSearchParams } from '../src/params.ts';
import { TEMPLATE_SETTINGS } from '../src/settings.ts';

describe('parseSearchParams: the two dialects', () => {
  it('reads flat v5 keys', () => {
    const p = parseSearchParams({ query: 'q', hitsPerPage: 15, page: 2, facets: ['language'], advancedSyntax: false, clickAnalytics: true });
    expect(p).toMatchObject({ query: 'q', hitsPerPage: 15, page: 2, facets: ['language'], advancedSyntax: false, clickAnalytics: true });
  });

  it('reads a v4 params string with query inside it', () => {
    const p = parseSearchParams({
      params: 'query=install%20plugin&hitsPerPage=0&page=1&advancedSyntax=true&facets=docusaurus_tag&facetFilters=%5B%5B%22language%3Aen%22%5D%5D',
    });
    expect(p).toMatchObject({ query: 'install plugin', hitsPerPage: 0, page: 1, advancedSyntax: true, facets: ['docusaurus_tag'] });
    expect(p.facetFilters).toEqual([[{ attribute: 'language', value: 'en', negated: false }]]);
  });

  it('reads a v4 params string with query beside it; explicit keys win', () => {
    const p = parseSearchParams({ query: 'outside', params: 'query=inside&attributesToRetrieve=%5B%22url%22%5D' });
    expect(p.query).toBe('outside');
    expect(p.attributesToRetrieve).toEqual(['url']);
  });

  it('reads "+" as a space and arrays as comma lists or JSON', () => {
    expect(parseSearchParams({ params: 'query=a+b' }).query).toBe('a b');
    expect(parseSearchParams({ params: 'attributesToRetrieve=url,type' }).attributesToRetrieve).toEqual(['url', 'type']);
    expect(parseSearchParams({ params: 'attributesToSnippet=%5B%22content%3A5%22%5D' }).attributesToSnippet).toEqual(['content:5']);
  });

  it('falls back to the template settings', () => {
    const p = parseSearchParams({});
    expect(p.highlightPreTag).toBe('<span class="algolia-docsearch-suggestion--highlight">');
    expect(p.attributesToSnippet).toEqual(['content:10']);
    expect(p).toMatchObject({ hitsPerPage: 20, page: 0, distinct: 1, minWordSizefor1Typo: 3, minWordSizefor2Typos: 7, removeWordsIfNoResults: 'allOptional' });
    expect(TEMPLATE_SETTINGS.attributesToSnippet).toEqual(['content:10']); // not mutated
  });

  it('echoes the parameters as a URL-encoded string', () => {
    const p = parseSearchParams({ query: 'a b', hitsPerPage: 5, facetFilters: ['language:en'] });
    expect(p.echo).toBe('query=a%20b&hitsPerPage=5&facetFilters=%5B%22language%3Aen%22%5D');
  });

  it('accepts distinct and typoTolerance in their several forms', () => {
    expect(parseSearchParams({ distinct: false }).distinct).toBe(0);
    expect(parseSearchParams({ params: 'distinct=3' }).distinct).toBe(3);
    expect(parseSearchParams({ typoTolerance: 'min' }).typoTolerance).toBe('min');
    expect(parseSearchParams({ params: 'typoTolerance=false' }).typoTolerance).toBe(false);
  });

  it('ignores parameters it has nothing to do with', () => {
    expect(() => parseSearchParams({ analytics: false, userToken: 'x', enablePersonalization: true })).not.toThrow();
  });
});

describe('parseSearchParams: errors', () => {
  it.each([
    [{ query: 'é'.repeat(257) }, /shorter than 512 bytes/],
    [{ query: 42 }, /"query" parameter, expected a string/],
    [{ hitsPerPage: 1001 }, /"hitsPerPage"/],
    [{ hitsPerPage: -1 }, /"hitsPerPage"/],
    [{ hitsPerPage: '2x' }, /"hitsPerPage"/],
    [{ params: 'hitsPerPage=abc' }, /"hitsPerPage"/],
    [{ page: -1 }, /"page"/],
    [{ page: 1.5 }, /"page"/],
    [{ advancedSyntax: 'yes' }, /"advancedSyntax"/],
    [{ attributesToRetrieve: [1] }, /"attributesToRetrieve"/],
    [{ params: 'attributesToRetrieve=%5Bbroken' }, /"attributesToRetrieve"/],
    [{ attributesToSnippet: ['content:0'] }, /"attributesToSnippet"/],
    [{ attributesToSnippet: ['content:x'] }, /"attributesToSnippet"/],
    [{ facetFilters: 'nocolon' }, /facetFilters/],
    [{ facetFilters: [[['deep:x']]] }, /facetFilters/],
    [{ facetFilters: { a: 1 } }, /facetFilters/],
    [{ queryType: 'prefixMiddle' }, /"queryType"/],
    [{ distinct: 9 }, /"distinct"/],
    [{ filters: 'language:en' }, /Unsupported parameter "filters"/],
    [{ highlightPreTag: 'x'.repeat(600) }, /"highlightPreTag"/],
    [{ params: 7 }, /"params"/],
    [{ minWordSizefor1Typo: 8, minWordSizefor2Typos: 4 }, /minWordSizefor2Typos/],
  ])('%j → ParamError', (input, message) => {
    expect(() => parseSearchParams(input as Record<string, unknown>)).toThrow(ParamError);
    expect(() => parseSearchParams(input as Record<string, unknown>)).toThrow(message);
  });

  it('accepts a query of exactly 512 bytes', () => {
    expect(parseSearchParams({ query: 'a'.repeat(512) }).query).toHaveLength(512);
    expect(() => parseSearchParams({ query: 'a'.repeat(513) })).toThrow(/512 bytes/);
  });

  it('accepts snippets of up to 1000 words, and refuses longer ones', () => {
    expect(parseSearchParams({ attributesToSnippet: ['content:1000'] }).attributesToSnippet).toEqual(['content:1000']);
    expect(() => parseSearchParams({ attributesToSnippet: ['content:1001'] })).toThrow(/"attributesToSnippet" parameter, expected entries "attribute" or "attribute:N" with 1 <= N <= 1000/);
    expect(() => parseSearchParams({ params: 'attributesToSnippet=content:99999999' })).toThrow(ParamError);
  });

  it('accepts lists of up to 100 entries, and refuses longer ones, in either dialect', () => {
    const names = (n: number) => Array.from({ length: n }, (_, i) => `a${i}`);
    expect(parseSearchParams({ attributesToRetrieve: names(100) }).attributesToRetrieve).toHaveLength(100);
    expect(() => parseSearchParams({ attributesToRetrieve: names(101) })).toThrow('Invalid value for "attributesToRetrieve" parameter, expected at most 100 entries (got "101 entries")');
    expect(() => parseSearchParams({ params: `facets=${names(101).join(',')}` })).toThrow(/"facets" parameter, expected at most 100 entries/);
    expect(() => parseSearchParams({ attributesToHighlight: JSON.stringify(names(5000)) })).toThrow(/at most 100 entries/);
  });

  it('accepts an empty filters parameter', () => {
    expect(() => parseSearchParams({ filters: '' })).not.toThrow();
  });
});

describe('parseRequestItem', () => {
  it('needs an object with an indexName', () => {
    expect(parseRequestItem({ indexName: 'x', query: 'a' }, 0).indexName).toBe('x');
    expect(() => parseRequestItem(null, 3)).toThrow('requests[3] must be an object');
    expect(() => parseRequestItem({ query: 'a' }, 0)).toThrow(/missing "indexName"/);
  });

  it('rejects facet-value searches clearly', () => {
    expect(() => parseRequestItem({ indexName: 'x', type: 'facet', facet: 'language' }, 0)).toThrow(/not supported/);
  });
});
