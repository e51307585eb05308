import { describe, expect, it, vi } from 'vitest';
import { createHostsCache, hostsForVisit, isAlgoliaHosted, searchAttribution, toClientHosts } from '../../src/search/hosts';

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

describe('the hosts cache with the real algoliasearch client', () => {
  // A requester that refuses every connection to port 7700 (a replica that is down) and answers
  // from 7701; it records the port of every attempt.
  function fakeRequester(attempts: number[]) {
    return {
      async send(request: { url: string }) {
        const port = Number(new URL(request.url).port);
        attempts.push(port);
        if (port === 7700) return { status: 0, isTimedOut: false, content: '' };
        return { status: 200, isTimedOut: false, content: JSON.stringify({ results: [{ hits: [], nbHits: 0 }] }) };
      },
    };
  }
  const hosts = toClientHosts(['http://127.0.0.1:7700', 'http://127.0.0.1:7701']);
  const search = (client: { search: (r: never) => Promise<unknown> }, query: string) =>
    client.search({ requests: [{ indexName: 'docs', query }] } as never);

  it('tries a host that failed once per two minutes, not on every request', async () => {
    const { liteClient } = await import('algoliasearch/lite');
    const attempts: number[] = [];
    const client = liteClient('APP', 'key', { hosts, hostsCache: createHostsCache(), requester: fakeRequester(attempts) as never });
    for (const q of ['a', 'b', 'c']) await search(client, q);
    expect(attempts).toEqual([7700, 7701, 7701, 7701]);

    // After two minutes the host is tried again (it may be back).
    const now = Date.now();
    const spy = vi.spyOn(Date, 'now').mockReturnValue(now + 2 * 60_000 + 1);
    try {
      await search(client, 'd');
    } finally {
      spy.mockRestore();
    }
    expect(attempts).toEqual([7700, 7701, 7701, 7701, 7700, 7701]);
  });

  it('keys a host by protocol, name, port and access, not by the state fields the client adds', async () => {
    const cache = createHostsCache();
    const host = hosts[0]!;
    await cache.set({ ...host, status: 'down', lastUpdate: 1 }, 'down state');
    expect(await cache.get(host, async () => 'fresh')).toBe('down state');
    expect(await cache.get(hosts[1], async () => 'fresh')).toBe('fresh');
    expect(await cache.get({ ...host, protocol: 'https' }, async () => 'fresh')).toBe('fresh');
    await cache.delete(host);
    expect(await cache.get(host, async () => 'fresh')).toBe('fresh');
  });
});
