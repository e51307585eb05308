import { describe, expect, it } from 'vitest';
import { compileFilters, parseFacetFilters, parseFilter } from '../src/filters.ts';

describe('parseFilter', () => {
  it('splits at the first colon and reads negation', () => {
    expect(parseFilter('docusaurus_tag:docs-default-10.x')).toEqual({ attribute: 'docusaurus_tag', value: 'docs-default-10.x', negated: false });
    expect(parseFilter('type:-content')).toEqual({ attribute: 'type', value: 'content', negated: true });
    expect(parseFilter('type:\\-content')).toEqual({ attribute: 'type', value: '-content', negated: false });
    expect(parseFilter('url:http://x')).toEqual({ attribute: 'url', value: 'http://x', negated: false });
  });
});

describe('parseFacetFilters', () => {
  it('reads strings, arrays and nested arrays', () => {
    expect(parseFacetFilters('language:en')).toEqual([[{ attribute: 'language', value: 'en', negated: false }]]);
    expect(parseFacetFilters('["language:en",["a:1","a:2"]]')).toHaveLength(2);
    expect(parseFacetFilters(['language:en', ['a:1', 'a:2']])[1]).toHaveLength(2);
    expect(parseFacetFilters([])).toEqual([]);
    expect(parseFacetFilters([[]])).toEqual([]);
    expect(parseFacetFilters(undefined)).toEqual([]);
  });

  it('limits the number of filters', () => {
    expect(() => parseFacetFilters(Array.from({ length: 101 }, (_, i) => `a:${i}`))).toThrow(/Too many/);
  });
});

describe('compileFilters', () => {
  // Records 0..3; record r has language "en" when r < 2 and tag "t<r>".
  const lookup = (attribute: string, value: string) => {
    const m = new Uint8Array(4);
    if (attribute === 'language' && value === 'en') m.set([1, 1, 0, 0]);
    else if (attribute === 'tag' && /^t[0-3]$/.test(value)) m[Number(value[1])] = 1;
    else return null;
    return m;
  };
  const matching = (filters: unknown) => {
    const c = compileFilters(parseFacetFilters(filters), lookup);
    return [0, 1, 2, 3].filter((r) => c === null || c.test(r));
  };

  it('ANDs the outer array and ORs the inner ones', () => {
    expect(matching(['language:en', ['tag:t1', 'tag:t2']])).toEqual([1]);
    expect(matching([['tag:t1', 'tag:t2'], ['tag:t2', 'tag:t3']])).toEqual([2]);
  });

  it('compares values case-insensitively', () => {
    expect(matching(['language:EN'])).toEqual([0, 1]);
  });

  it('negates with attr:-value', () => {
    expect(matching(['language:-en'])).toEqual([2, 3]);
    expect(matching([['tag:-t0', 'language:en']])).toEqual([0, 1, 2, 3]);
  });

  it('matches nothing for an unknown attribute or value', () => {
    expect(matching(['unknown:x'])).toEqual([]);
    expect(matching(['language:fr'])).toEqual([]);
    expect(matching([['language:fr', 'tag:t3']])).toEqual([3]);
  });

  it('is a no-op without filters', () => {
    expect(compileFilters([], lookup)).toBeNull();
  });
});
