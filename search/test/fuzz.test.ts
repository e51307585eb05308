/**
 * Throws 10,000+ random and malformed requests at a running server (bodies, parameter values,
 * headers, methods, paths) and checks that none gets a 5xx or kills the process, that every error
 * is Algolia-shaped JSON, and that the service still answers correctly afterwards.
 * Deterministic: set FUZZ_SEED to replay another sequence, FUZZ_COUNT to change the count.
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_QS, QUERIES, request, startServer, type Reply, type Running } from './serverHelpers.ts';
import { mulberry32 } from '../bench/split.ts';

const SEED = Number(process.env.FUZZ_SEED ?? 20261121);
const COUNT = Math.max(10_000, Number(process.env.FUZZ_COUNT ?? 10_000));
const CONCURRENCY = 16;
const TIME_BUDGET_MS = 150_000;

const rand = mulberry32(SEED);
const int = (n: number) => Math.floor(rand() * n);
const pick = <T>(xs: readonly T[]): T => xs[int(xs.length)]!;
const chance = (p: number) => rand() < p;
/** encodeURIComponent throws on lone surrogates, which the generators produce on purpose. */
const enc = (s: string) => encodeURIComponent(s.toWellFormed());
/** Node's client refuses to send a path with raw non-ASCII or spaces; keep the rest of the junk. */
const ascii = (s: string) => s.replace(/[^\x21-\x7e]/g, '');

const WORDS = ['router', 'rotuer', 'context', 'install', 'plugin', 'httpBatchLink', 'link', 'a', 'the', 'zzz', 'é', '漢字', '🙂', '-x', '"', 'Record<string>', '&amp;', '*'];
const SPECIAL = ['', ' ', '*', '-', ':', 'a:b', 'language:en', 'language:-en', '[', '["a"', '[]', '[[]]', 'true', 'false', 'null', 'NaN', '-1', '1e309', '%', '%zz', '\u0000', '\ud800', 'x'.repeat(600), 'é'.repeat(300)];
const PARAM_KEYS = [
  'query', 'params', 'hitsPerPage', 'page', 'facets', 'facetFilters', 'attributesToRetrieve', 'attributesToHighlight', 'attributesToSnippet',
  'highlightPreTag', 'highlightPostTag', 'snippetEllipsisText', 'distinct', 'typoTolerance', 'minWordSizefor1Typo', 'minWordSizefor2Typos',
  'ignorePlurals', 'advancedSyntax', 'removeWordsIfNoResults', 'queryType', 'clickAnalytics', 'getRankingInfo', 'analytics', 'filters',
  'type', 'indexName', '__proto__', 'constructor', 'allowTyposOnNumericTokens', 'length', 'offset',
];

function randomString(): string {
  switch (int(4)) {
    case 0:
      return pick(SPECIAL);
    case 1:
      return Array.from({ length: 1 + int(6) }, () => pick(WORDS)).join(pick([' ', ' ', '-', '_', '.', '"']));
    case 2:
      return String.fromCharCode(...Array.from({ length: int(40) }, () => int(0xffff)));
    default:
      return Array.from({ length: int(12) }, () => String.fromCharCode(32 + int(95))).join('');
  }
}

function randomValue(depth = 0): unknown {
  const kind = int(depth > 2 ? 5 : 8);
  switch (kind) {
    case 0:
      return randomString();
    case 1:
      return pick([0, 1, -1, 20, 1000, 1001, 2 ** 31, -(2 ** 53), 0.5, 1e308, int(2000)]);
    case 2:
      return chance(0.5);
    case 3:
      return null;
    case 4:
      return pick(['language:en', ['language:en', ['docusaurus_tag:default', 'docusaurus_tag:docs-default-current']], 'hierarchy.lvl1:3', 'content:0', 'content:x', ['*', '-weight'], 'min', 'strict', 'allOptional', 'prefixAll']);
    case 5:
      return Array.from({ length: int(5) }, () => randomValue(depth + 1));
    case 6:
      return Object.fromEntries(Array.from({ length: int(4) }, () => [pick(PARAM_KEYS), randomValue(depth + 1)]));
    default:
      return Array.from({ length: int(3) }, () => Array.from({ length: int(3) }, () => randomValue(depth + 2)));
  }
}

function randomParamsString(): string {
  const parts = Array.from({ length: int(6) }, () => {
    const key = chance(0.8) ? pick(PARAM_KEYS) : randomString();
    const raw = chance(0.5) ? JSON.stringify(randomValue(1)) ?? '' : randomString();
    return `${chance(0.9) ? enc(key) : key}=${chance(0.8) ? enc(raw) : raw}`;
  });
  return parts.join(pick(['&', '&', '&&', ';']));
}

/** Values the API accepts, so that a good share of requests get through to the engine. */
const VALID: Record<string, () => unknown> = {
  hitsPerPage: () => int(1001),
  page: () => int(5),
  facets: () => pick([['docusaurus_tag', 'language'], 'language', '*', ['type', 'version']]),
  facetFilters: () => pick([['language:en'], [['docusaurus_tag:default', 'docusaurus_tag:docs-default-current'], ['language:en']], 'type:-content', [['version:10.x']]]),
  attributesToRetrieve: () => pick([['*'], ['hierarchy.lvl0', 'url'], ['*', '-weight'], 'url,type']),
  attributesToSnippet: () => pick([['content:3'], ['hierarchy.lvl1:10', 'content'], []]),
  highlightPreTag: () => pick(['<mark>', '<em>', '']),
  distinct: () => pick([true, false, 0, 2, 4]),
  typoTolerance: () => pick([true, false, 'min', 'strict']),
  queryType: () => pick(['prefixLast', 'prefixAll', 'prefixNone']),
  removeWordsIfNoResults: () => pick(['none', 'allOptional', 'lastWords', 'firstWords']),
  advancedSyntax: () => chance(0.5),
  getRankingInfo: () => chance(0.5),
  clickAnalytics: () => chance(0.5),
};

function randomRequestItem(): unknown {
  if (chance(0.05)) return randomValue();
  if (chance(0.6)) {
    const item: Record<string, unknown> = { indexName: 'mysite', query: Array.from({ length: int(5) }, () => pick(WORDS)).join(' ') };
    for (let i = int(5); i > 0; i--) {
      const key = pick(Object.keys(VALID));
      item[key] = VALID[key]!();
    }
    return item;
  }
  const item: Record<string, unknown> = { indexName: chance(0.9) ? 'mysite' : randomString() };
  if (chance(0.6)) item.query = chance(0.8) ? Array.from({ length: 1 + int(4) }, () => pick(WORDS)).join(' ') : randomValue();
  if (chance(0.3)) item.params = chance(0.8) ? randomParamsString() : randomValue();
  for (let i = int(4); i > 0; i--) item[pick(PARAM_KEYS)] = randomValue();
  return item;
}

function randomBody(): string | Buffer {
  switch (int(10)) {
    case 0:
      return Buffer.from(Array.from({ length: int(200) }, () => int(256)));
    case 1: {
      const valid = JSON.stringify({ requests: [randomRequestItem()] });
      return valid.slice(0, int(valid.length));
    }
    case 2:
      return JSON.stringify(randomValue());
    case 3:
      return '['.repeat(int(5000)) + ']'.repeat(int(5000));
    case 4:
      return JSON.stringify({ requests: Array.from({ length: int(60) }, randomRequestItem) });
    case 5:
      return '';
    default:
      return JSON.stringify({ requests: Array.from({ length: 1 + int(4) }, randomRequestItem) });
  }
}

function randomPath(): string {
  const auth = chance(0.9) ? AUTH_QS : pick(['', 'x-algolia-api-key=bad&x-algolia-application-id=TESTAPPID1', ascii(randomString())]);
  switch (int(12)) {
    case 0:
      return `/1/indexes/mysite/query?${auth}`;
    case 1:
      return `/1/indexes/${enc(randomString())}/query?${auth}`;
    case 2:
      return pick(['/', '/health', '/1/isalive', '/1/indexes', '/1/indexes/*/queries/extra', '/1/indexes/%E0%A4%A/query', `/${'a'.repeat(3000)}`]);
    case 3:
      return `/1/indexes/*/queries?${auth}&${enc(randomString())}=${enc(randomString())}`;
    default:
      return `/1/indexes/*/queries?${auth}`;
  }
}

function randomHeaders(): Record<string, string> {
  const h: Record<string, string> = {};
  if (chance(0.8)) h['content-type'] = pick(['text/plain', 'application/json', 'application/x-www-form-urlencoded', 'multipart/form-data', 'text/html; charset=latin1', 'garbage']);
  if (chance(0.3)) h.origin = pick(['http://localhost:3000', 'null', 'http://evil.example', randomString().replace(/[^\x21-\x7e]/g, '')]);
  if (chance(0.1)) h['x-algolia-api-key'] = pick(['searchkey123', 'nope', '']);
  if (chance(0.1)) h['x-algolia-application-id'] = pick(['TESTAPPID1', 'X', '']);
  if (chance(0.03)) h['content-encoding'] = pick(['gzip', 'identity', 'br']);
  if (chance(0.05)) h['x-algolia-agent'] = randomString().replace(/[^\x21-\x7e]/g, '');
  return h;
}

function randomMethod(): string {
  return chance(0.9) ? 'POST' : pick(['GET', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD']);
}

let srv: Running;
beforeAll(async () => {
  srv = await startServer();
});
afterAll(async () => {
  await srv.stop();
});

describe(`fuzz (${COUNT} requests, seed ${SEED})`, () => {
  it('never answers 5xx, always answers JSON, and keeps serving', { timeout: TIME_BUDGET_MS + 30_000 }, async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
    const statuses = new Map<number, number>();
    const problems: string[] = [];
    const started = Date.now();
    let next = 0;
    let slowest = 0;

    const check = (method: string, path: string, payload: string | Buffer, res: Reply) => {
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      const where = `${method} ${path.slice(0, 80)} body=${String(payload).slice(0, 120)}`;
      if (res.status >= 500 || res.status < 200) problems.push(`${res.status} for ${where}: ${res.text.slice(0, 200)}`);
      if (method === 'HEAD' || res.status === 204) return;
      if (res.json === undefined) {
        problems.push(`non-JSON ${res.status} for ${where}`);
        return;
      }
      if (res.status >= 400 && (typeof res.json.message !== 'string' || res.json.status !== res.status)) {
        problems.push(`bad error shape for ${where}: ${res.text.slice(0, 200)}`);
      }
      if (res.status === 200 && path.startsWith('/1/indexes/*/queries')) {
        const sent = JSON.parse(String(payload)).requests as unknown[];
        if (!Array.isArray(res.json.results) || res.json.results.length !== sent.length) problems.push(`result count mismatch for ${where}`);
      }
    };

    const worker = async () => {
      while (next < COUNT && Date.now() - started < TIME_BUDGET_MS) {
        next += 1;
        const method = randomMethod();
        const path = randomPath();
        const headers = randomHeaders();
        const payload = method === 'GET' || method === 'HEAD' ? '' : randomBody();
        const t0 = Date.now();
        try {
          const res = await request(srv.port, { method, path, headers, body: payload, agent });
          check(method, path, payload, res);
        } catch (err) {
          // The server closes the connection after a 413 it did not read to the end; that is not a crash.
          const code = (err as NodeJS.ErrnoException).code;
          if (code !== 'ECONNRESET' && code !== 'EPIPE') problems.push(`${method} ${path.slice(0, 80)}: ${String(err)}`);
        }
        slowest = Math.max(slowest, Date.now() - t0);
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    agent.destroy();
    const elapsed = Date.now() - started;
    console.log(`fuzz: ${next} requests in ${elapsed} ms, slowest ${slowest} ms, statuses ${JSON.stringify(Object.fromEntries([...statuses].sort()))}`);

    expect(problems.slice(0, 10)).toEqual([]);
    expect(next).toBeGreaterThanOrEqual(COUNT);
    // The run exercised both successes and the error paths.
    expect(statuses.get(200) ?? 0).toBeGreaterThan(COUNT / 10);
    expect(statuses.get(400) ?? 0).toBeGreaterThan(COUNT / 10);
    expect(statuses.get(403) ?? 0).toBeGreaterThan(0);

    const after = await request(srv.port, { path: QUERIES, body: JSON.stringify({ requests: [{ indexName: 'mysite', query: 'define routers' }] }) });
    expect(after.status).toBe(200);
    expect(after.json.results[0].hits[0].url).toBe('http://localhost:3000/docs/server/routers');
    expect((await request(srv.port, { method: 'GET', path: '/health' })).status).toBe(200);
  });
});
