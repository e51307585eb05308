import { describe, expect, it } from 'vitest';
import { hostsForVisit, isAlgoliaHosted, searchAttribution, toClientHosts } from '../../src/search/hosts';

describe('search hosts', () => {
  it('turns configured URLs into client hosts, keeping their order', () => {
    expect(toClientHosts(['http://127.0.0.1:7700', 'https://search.example.com', 'http://[::1]:7701'])).toEqual([
      { url: '127.0.0.1', port: 7700, protocol: 'http', accept: 'read' },
      { url: 'search.example.com', protocol: 'https', accept: 'read' },
      { url: '[::1]', port: 7701, protocol: 'http', accept: 'read' },
    ]);
  });

  it('preconnects only when every host is Algolia', () => {
    expect(isAlgoliaHosted(['https://abc-dsn.algolia.net', 'https://abc-1.algolianet.com'])).toBe(true);
    expect(isAlgoliaHosted(['http://127.0.0.1:7700'])).toBe(false);
    expect(isAlgoliaHosted([])).toBe(false);
  });

  it('names the self-hosted service in the search footer, and leaves Algolia its logo', () => {
    expect(searchAttribution(['http://127.0.0.1:7700', 'http://127.0.0.1:7701'])).toBe('Search by tRPC docs');
    expect(searchAttribution(['https://abc-dsn.algolia.net'])).toBeUndefined();
  });

  it('starts each visit on a host picked at random and keeps the others in order after it', () => {
    const hosts = ['a', 'b', 'c'];
    expect(hostsForVisit(hosts, () => 0)).toEqual(['a', 'b', 'c']);
    expect(hostsForVisit(hosts, () => 0.4)).toEqual(['b', 'c', 'a']);
    expect(hostsForVisit(hosts, () => 0.99)).toEqual(['c', 'a', 'b']);
    // A generator that returns 1 (out of contract) still yields a valid order.
    expect(hostsForVisit(hosts, () => 1)).toEqual(['c', 'a', 'b']);
    expect(hostsForVisit(['only'], () => 0.7)).toEqual(['only']);
    expect(hostsForVisit([], () => 0.7)).toEqual([]);
    expect(hosts).toEqual(['a', 'b', 'c']);
  });

  it('spreads visits over every host', () => {
    const counts = new Map<string, number>();
    for (let i = 0; i < 1000; i++) {
      const first = hostsForVisit(['a', 'b'])[0];
      counts.set(first, (counts.get(first) ?? 0) + 1);
    }
    expect(counts.get('a')).toBeGreaterThan(400);
    expect(counts.get('b')).toBeGreaterThan(400);
  });
});
