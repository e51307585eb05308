import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_INDEX_FILE, indexConfig, parseFlags, serveConfig } from '../src/config.ts';

describe('parseFlags', () => {
  it('reads --a b, --a=b and bare flags', () => {
    expect([...parseFlags(['--port', '1', '--host=0.0.0.0', '--quiet'])]).toEqual([
      ['port', '1'],
      ['host', '0.0.0.0'],
      ['quiet', true],
    ]);
    expect(() => parseFlags(['stray'])).toThrow(ConfigError);
  });
});

describe('serveConfig', () => {
  it('has working defaults', () => {
    expect(serveConfig([], {})).toMatchObject({
      port: 7700,
      host: '127.0.0.1',
      indexFile: DEFAULT_INDEX_FILE,
      appId: 'TRPCLOCAL',
      apiKey: 'trpc-public-search-key',
      indexName: 'trpc-docs',
      allowedOrigins: '*',
      siteUrl: null,
      quiet: false,
      maxBodyBytes: 102400,
      maxBatch: 50,
      readerThreads: Math.min(2, os.availableParallelism()),
    });
  });

  it('reads the number of reader threads, within 0 to 16', () => {
    expect(serveConfig(['--reader-threads', '0'], {}).readerThreads).toBe(0);
    expect(serveConfig([], { SEARCH_READER_THREADS: '2' }).readerThreads).toBe(2);
    expect(() => serveConfig(['--reader-threads', '17'], {})).toThrow(/reader threads \(SEARCH_READER_THREADS\) must be an integer from 0 to 16, got "17"/);
    expect(() => serveConfig([], { SEARCH_READER_THREADS: 'two' })).toThrow(ConfigError);
  });

  it('trusts no proxy by default; reads true, a hop count, or proxy addresses and CIDR ranges', () => {
    expect(serveConfig([], {}).trustProxy).toBe(false);
    expect(serveConfig([], { SEARCH_TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(serveConfig([], { SEARCH_TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(serveConfig([], { SEARCH_TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(serveConfig(['--trust-proxy', '2'], {}).trustProxy).toBe(2);
    expect(serveConfig([], { SEARCH_TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1,fd00::/8' }).trustProxy).toEqual(['10.0.0.0/8', '127.0.0.1', '::1', 'fd00::/8']);
  });

  it.each(['yes', 'loopback', '10.0.0.0/33', '::1/129', '10.0.0.1/8/2', '127.0.0.1,', '65', 'x'.repeat(300)])(
    'refuses trust proxy %j with a message that names the setting',
    (value) => {
      expect(() => serveConfig([], { SEARCH_TRUST_PROXY: value })).toThrow(ConfigError);
      expect(() => serveConfig([], { SEARCH_TRUST_PROXY: value })).toThrow(/trust proxy \(SEARCH_TRUST_PROXY\)/);
    },
  );

  it('reads the environment, and flags win over it', () => {
    const env = { SEARCH_PORT: '7701', SEARCH_APP_ID: 'APP', SEARCH_INDEX: 'idx', SEARCH_ALLOWED_ORIGINS: 'http://localhost:3000, https://trpc.io/', SITE_URL: 'https://trpc.io/docs', SEARCH_QUIET: '1' };
    expect(serveConfig([], env)).toMatchObject({
      port: 7701,
      appId: 'APP',
      indexName: 'idx',
      allowedOrigins: ['http://localhost:3000', 'https://trpc.io'],
      siteUrl: 'https://trpc.io',
      quiet: true,
    });
    expect(serveConfig(['--port', '9000', '--index', 'x.json'], env)).toMatchObject({ port: 9000, indexFile: path.resolve(process.env.INIT_CWD ?? process.cwd(), 'x.json') });
  });

  it.each([
    [['--port', '99999'], /port/],
    [['--port', 'abc'], /port/],
    [['--api-key', 'a b'], /white space/],
    [['--site-url', 'ftp://x'], /http or https/],
    [['--allowed-origins', 'not a url'], /absolute/],
    [['--nope', '1'], /Unknown option --nope/],
    [['--port'], /needs a value/],
  ])('rejects %j clearly', (argv, message) => {
    expect(() => serveConfig(argv, {})).toThrow(ConfigError);
    expect(() => serveConfig(argv, {})).toThrow(message);
  });
});

describe('indexConfig', () => {
  it('defaults to the site build and the data folder', () => {
    const cfg = indexConfig([], {});
    expect(cfg.buildDir.endsWith(path.join('site', 'build'))).toBe(true);
    expect(cfg.out).toBe(DEFAULT_INDEX_FILE);
    expect(cfg.siteUrl).toBe('http://localhost:3000');
  });

  it('takes SITE_URL as an origin', () => {
    expect(indexConfig([], { SITE_URL: 'https://trpc.io/' }).siteUrl).toBe('https://trpc.io');
  });
});
