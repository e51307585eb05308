import { describe, expect, it } from 'vitest';
import { isAlgoliaHosted, toClientHosts } from '../../src/search/hosts';

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
});
