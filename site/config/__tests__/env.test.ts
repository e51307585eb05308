import { describe, expect, it } from 'vitest';
import { DEFAULT_SEARCH, siteEnv } from '../env';

describe('siteEnv', () => {
  it('has working defaults: local search replicas, analytics and widget off', () => {
    const env = siteEnv({});
    expect(env.siteUrl).toBe('http://localhost:3000');
    expect(env.search).toEqual(DEFAULT_SEARCH);
    expect(env.gaTrackingId).toBeNull();
    expect(env.socialWidgetSrc).toBeNull();
    expect(env.editUrl).toBeNull();
  });

  it('reads EDIT_URL without its trailing slash, and treats an empty value as unset', () => {
    expect(siteEnv({ EDIT_URL: 'https://github.com/trpc/www/edit/main/' }).editUrl).toBe(
      'https://github.com/trpc/www/edit/main',
    );
    expect(siteEnv({ EDIT_URL: '  ' }).editUrl).toBeNull();
  });

  it('reads a hosted Algolia index from the environment', () => {
    const env = siteEnv({
      SEARCH_APP_ID: 'ABC123',
      SEARCH_API_KEY: 'public-key',
      SEARCH_INDEX: 'trpc',
      SEARCH_HOSTS: 'https://abc123-dsn.algolia.net/, https://abc123-1.algolianet.com',
    });
    expect(env.search).toEqual({
      appId: 'ABC123',
      apiKey: 'public-key',
      indexName: 'trpc',
      hosts: ['https://abc123-dsn.algolia.net', 'https://abc123-1.algolianet.com'],
    });
  });

  it.each([
    [{ SITE_URL: 'not a url' }, /SITE_URL must be an absolute/],
    [{ SITE_URL: 'ftp://example.com' }, /SITE_URL must use http/],
    [{ SITE_URL: 'https://example.com/docs' }, /must not contain a path/],
    [{ SEARCH_HOSTS: 'localhost:7700' }, /SEARCH_HOSTS must/],
    [{ SEARCH_HOSTS: ' , ' }, /at least one/],
    [{ SEARCH_API_KEY: '  ' }, /SEARCH_API_KEY is set but empty/],
    [{ SEARCH_INDEX: 'two words' }, /white space/],
    [{ GA_TRACKING_ID: 'hello' }, /GA_TRACKING_ID/],
    [{ EDIT_URL: 'github.com/trpc/www/edit/main' }, /EDIT_URL must be an absolute/],
    [{ EDIT_URL: 'https://github.com/trpc/www/edit/main?plain=1' }, /EDIT_URL must not have a query/],
  ])('rejects %o with a clear message', (vars, message) => {
    expect(() => siteEnv(vars)).toThrow(message);
  });

  it('turns analytics and the social widget on only when configured', () => {
    const env = siteEnv({ GA_TRACKING_ID: 'G-TEST123', SOCIAL_WIDGET_SRC: 'https://platform.example.com/widgets.js' });
    expect(env.gaTrackingId).toBe('G-TEST123');
    expect(env.socialWidgetSrc).toBe('https://platform.example.com/widgets.js');
  });
});
