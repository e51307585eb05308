import { readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkJsonDepth } from '../src/server.ts';
import { TEST_DIR } from './helpers.ts';
import { AUTH_QS, QUERIES, request, startServer, type Running } from './serverHelpers.ts';

interface Captured {
  label: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string;
}

/**
 * Request bodies recorded from the real Algolia clients used by DocSearch and Docusaurus
 * (a copy of shared/fixtures/search/captured-requests.json).
 */
function loadCaptured(): Captured[] {
  return JSON.parse(readFileSync(path.join(TEST_DIR, 'fixtures', 'captured-requests.json'), 'utf8')) as Captured[];
}

const body = (requests: unknown[]) => JSON.stringify({ requests });
const one = (params: Record<string, unknown>) => body([{ indexName: 'mysite', ...params }]);

let srv: Running;
beforeAll(async () => {
  srv = await startServer();
});
afterAll(async () => {
  await srv.stop();
});

describe('captured requests from the real clients', () => {
  const captured = loadCaptured();

  it('has the four dialects', () => {
    expect(captured).toHaveLength(4);
  });

  it.each(captured.map((c) => [c.label, c] as const))('%s → 200, one result per request, in order', async (_label, c) => {
    const headers = { ...c.headers };
    delete headers['transfer-encoding'];
    delete headers['connection'];
    const res = await request(srv.port, { method: c.method, path: c.url, headers, body: c.body });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const sent = JSON.parse(c.body).requests as Record<string, unknown>[];
    expect(res.json.results).toHaveLength(sent.length);
    res.json.results.forEach((result: Record<string, any>, i: number) => {
      const req = sent[i]!;
      const params = new URLSearchParams(typeof req.params === 'string' ? req.params : '');
      const expectedHpp = Number(req.hitsPerPage ?? params.get('hitsPerPage') ?? 20);
      const expectedPage = Number(req.page ?? params.get('page') ?? 0);
      expect(result).toMatchObject({ hitsPerPage: expectedHpp, page: expectedPage, query: 'install plugin', exhaustiveNbHits: true });
      expect(Array.isArray(result.hits)).toBe(true);
      for (const key of ['nbHits', 'nbPages', 'processingTimeMS', 'params']) expect(result).toHaveProperty(key);
      if (req.facets !== undefined || params.has('facets')) expect(result.facets).toBeTypeOf('object');
    });
  });

  it('finds the install records for the modal request and renders them as DocSearch expects', async () => {
    const c = captured[0]!;
    const res = await request(srv.port, { path: c.url, headers: { 'content-type': 'text/plain' }, body: c.body });
    const hits = res.json.results[0].hits as Record<string, any>[];
    expect(hits.length).toBeGreaterThan(0);
    for (const hit of hits) {
      expect(Object.keys(hit).sort()).toEqual(['_highlightResult', '_snippetResult', 'content', 'hierarchy', 'objectID', 'type', 'url'].sort());
      expect(() => new URL(hit.url)).not.toThrow();
      for (const [level, v] of Object.entries(hit._highlightResult.hierarchy as Record<string, any>)) {
        expect(hit.hierarchy[level]).not.toBeNull();
        expect(v).toHaveProperty('matchedWords');
      }
      expect(JSON.stringify(hit._highlightResult)).not.toContain('algolia-docsearch-suggestion');
    }
    expect(JSON.stringify(hits)).toContain('<mark>Install</mark>');
  });
});

describe('dialects and transport', () => {
  it('accepts credentials in headers instead of the query string', async () => {
    const res = await request(srv.port, {
      path: '/1/indexes/*/queries',
      headers: { 'x-algolia-application-id': 'TESTAPPID1', 'x-algolia-api-key': 'searchkey123', 'content-type': 'application/json' },
      body: one({ query: 'router' }),
    });
    expect(res.status).toBe(200);
    expect(res.json.results[0].nbHits).toBeGreaterThan(0);
  });

  it.each(['text/plain', 'application/json', 'application/x-www-form-urlencoded', undefined])('accepts JSON sent as %s', async (type) => {
    const res = await request(srv.port, { path: QUERIES, headers: type ? { 'content-type': type } : {}, body: one({ query: 'router' }) });
    expect(res.status).toBe(200);
  });

  it('answers the single-index endpoint', async () => {
    const res = await request(srv.port, { path: `/1/indexes/mysite/query?${AUTH_QS}`, body: JSON.stringify({ params: 'query=router&hitsPerPage=2' }) });
    expect(res.status).toBe(200);
    expect(res.json.hits).toHaveLength(2);
    expect(res.json.hitsPerPage).toBe(2);
  });

  it('ignores unknown query-string parameters such as the agent and a request id', async () => {
    const res = await request(srv.port, { path: `${QUERIES}&x-algolia-agent=Algolia%20for%20JavaScript&x-algolia-request-id=1`, body: one({ query: 'x' }) });
    expect(res.status).toBe(200);
  });

  it('answers an empty batch with no results', async () => {
    const res = await request(srv.port, { path: QUERIES, body: body([]) });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ results: [] });
  });

  it('serves health checks', async () => {
    for (const p of ['/health', '/1/isalive']) {
      const res = await request(srv.port, { method: 'GET', path: p });
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({ message: 'server is alive', status: 'ok', records: expect.any(Number) });
      expect(['starting', 'ready']).toContain((res.json as { threads: string }).threads);
    }
  });

  it('says in its health check when the search threads have started', async () => {
    const deadline = Date.now() + 20_000;
    let threads = '';
    while (threads !== 'ready' && Date.now() < deadline) {
      threads = ((await request(srv.port, { method: 'GET', path: '/health' })).json as { threads: string }).threads;
      if (threads !== 'ready') await new Promise((r) => setTimeout(r, 100));
    }
    expect(threads).toBe('ready');
    expect(srv.service.threadsReady()).toBe(true);
  });
});

describe('CORS', () => {
  it('reflects the origin when any origin is allowed', async () => {
    const res = await request(srv.port, { path: QUERIES, headers: { origin: 'http://localhost:3000' }, body: one({ query: 'x' }) });
    expect(res.headers['access-control-allow-origin']).toBe('http://localhost:3000');
    expect(res.headers.vary).toBe('Origin');
  });

  it('answers a preflight', async () => {
    const res = await request(srv.port, {
      method: 'OPTIONS',
      path: '/1/indexes/*/queries',
      headers: { origin: 'http://localhost:3000', 'access-control-request-method': 'POST', 'access-control-request-headers': 'x-algolia-api-key' },
    });
    expect(res.status).toBe(204);
    expect(res.headers['access-control-allow-methods']).toContain('POST');
    expect(res.headers['access-control-allow-headers']).toContain('x-algolia-api-key');
  });

  it('sends CORS headers on errors too', async () => {
    const res = await request(srv.port, { path: '/1/indexes/*/queries', headers: { origin: 'http://a.example' }, body: one({ query: 'x' }) });
    expect(res.status).toBe(403);
    expect(res.headers['access-control-allow-origin']).toBe('http://a.example');
  });

  it('allows only configured origins when a list is set', async () => {
    const strict = await startServer({ allowedOrigins: ['http://localhost:3000'] });
    try {
      const ok = await request(strict.port, { path: QUERIES, headers: { origin: 'http://localhost:3000' }, body: one({ query: 'x' }) });
      expect(ok.headers['access-control-allow-origin']).toBe('http://localhost:3000');
      const other = await request(strict.port, { path: QUERIES, headers: { origin: 'http://evil.example' }, body: one({ query: 'x' }) });
      expect(other.headers['access-control-allow-origin']).toBeUndefined();
      const pre = await request(strict.port, { method: 'OPTIONS', path: '/1/indexes/*/queries', headers: { origin: 'http://evil.example' } });
      expect(pre.status).toBe(403);
    } finally {
      await strict.stop();
    }
  });
});

describe('errors (Algolia shape, never 5xx for a client mistake)', () => {
  const expectError = (res: { status: number; json: any; text: string }, status: number, message: RegExp | string) => {
    expect(res.status).toBe(status);
    expect(res.json.status).toBe(status);
    if (typeof message === 'string') expect(res.json.message).toBe(message);
    else expect(res.json.message).toMatch(message);
    expect(Object.keys(res.json).sort()).toEqual(['message', 'status']);
    expect(res.text).not.toMatch(/at .*\.ts:\d+/); // no stack traces
  };

  it.each([
    ['no credentials', '/1/indexes/*/queries'],
    ['a wrong key', '/1/indexes/*/queries?x-algolia-api-key=nope&x-algolia-application-id=TESTAPPID1'],
    ['a wrong app id', '/1/indexes/*/queries?x-algolia-api-key=searchkey123&x-algolia-application-id=OTHER'],
  ])('403 for %s', async (_name, p) => {
    expectError(await request(srv.port, { path: p, body: one({ query: 'x' }) }), 403, 'Invalid Application-ID or API key');
  });

  it('404 for an unknown index, in a batch or in the path', async () => {
    expectError(await request(srv.port, { path: QUERIES, body: body([{ indexName: 'other', query: 'x' }]) }), 404, 'Index other does not exist');
    expectError(await request(srv.port, { path: `/1/indexes/other/query?${AUTH_QS}`, body: '{}' }), 404, 'Index other does not exist');
  });

  it('404 for an unknown path, 405 for a wrong method', async () => {
    expectError(await request(srv.port, { method: 'GET', path: '/nope' }), 404, 'Not found');
    const res = await request(srv.port, { method: 'GET', path: QUERIES });
    expectError(res, 405, /not allowed/);
    expect(res.headers.allow).toContain('POST');
    expectError(await request(srv.port, { method: 'DELETE', path: '/health' }), 405, /not allowed/);
  });

  it.each([
    ['malformed JSON', '{"requests": [', /Malformed JSON/],
    ['an empty body', '', /Empty request body/],
    ['a JSON array', '[]', /"requests"/],
    ['no requests', '{}', /"requests"/],
    ['a non-object request', body(['x']), /requests\[0\]/],
    ['a missing indexName', body([{ query: 'x' }]), /indexName/],
    ['too many requests', body(Array.from({ length: 51 }, () => ({ indexName: 'mysite', query: 'x' }))), /Too many requests/],
    ['hitsPerPage over 1000', one({ hitsPerPage: 1001 }), /"hitsPerPage"/],
    ['a negative page', one({ page: -1 }), /"page"/],
    ['a bad facetFilters', one({ facetFilters: 'nocolon' }), /facetFilters/],
    ['a query over 512 bytes', one({ query: 'é'.repeat(300) }), 'Invalid value for "query" parameter, expected string shorter than 512 bytes'],
  ])('400 for %s', async (_name, payload, message) => {
    expectError(await request(srv.port, { path: QUERIES, headers: { 'content-type': 'text/plain' }, body: payload }), 400, message);
  });

  it('400 when the query is over 512 bytes in UTF-8 though under 512 characters', async () => {
    const query = '€'.repeat(171); // 171 characters, 513 bytes
    expect(query.length).toBeLessThan(512);
    expectError(await request(srv.port, { path: QUERIES, body: one({ query }) }), 400, /512 bytes/);
  });

  it('413 for a body over the limit, declared or streamed', async () => {
    const big = one({ query: 'x', pad: 'a'.repeat(110 * 1024) });
    const res = await request(srv.port, { path: QUERIES, body: big });
    expectError(res, 413, /too large/);
    const streamed = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(srv.port, '127.0.0.1', () => {
        socket.write(`POST ${QUERIES} HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n`);
        const chunk = 'a'.repeat(16 * 1024);
        for (let i = 0; i < 8; i++) socket.write(`${chunk.length.toString(16)}\r\n${chunk}\r\n`);
      });
      let data = '';
      socket.on('data', (d) => (data += d.toString()));
      socket.on('close', () => resolve(data));
      socket.on('error', reject);
    });
    expect(streamed).toMatch(/^HTTP\/1\.1 413/);
  });

  it('415 for a compressed body', async () => {
    expectError(await request(srv.port, { path: QUERIES, headers: { 'content-encoding': 'gzip' }, body: 'xx' }), 415, /content encoding/);
  });

  it('closes the connection after a 415: the compressed body is never read', async () => {
    const agent = new (await import('node:http')).Agent({ keepAlive: true });
    try {
      const res = await request(srv.port, { path: QUERIES, headers: { 'content-encoding': 'br' }, body: 'x'.repeat(1000), agent });
      expect(res.status).toBe(415);
      expect(res.headers.connection).toBe('close');
      // A good request on the same agent still gets its answer (on a new connection).
      expect((await request(srv.port, { path: QUERIES, body: one({ query: 'x' }), agent })).status).toBe(200);
    } finally {
      agent.destroy();
    }
  });

  it('accepts a query with a quote and brackets (brackets in strings are not nesting)', async () => {
    // A query with a quote and brackets, as a reader searching code might type: `say "[[[["`.
    const res = await request(srv.port, { path: QUERIES, body: one({ query: `say "${'['.repeat(20)}"` }) });
    expect(res.status).toBe(200);
    expect(res.json.results[0].query).toBe(`say "${'['.repeat(20)}"`);
  });

  it('400 for malformed HTTP, and keeps serving', async () => {
    const reply = await new Promise<string>((resolve) => {
      const socket = net.connect(srv.port, '127.0.0.1', () => socket.write('GARBAGE\r\n\r\n'));
      let data = '';
      socket.on('data', (d) => (data += d.toString()));
      socket.on('close', () => resolve(data));
    });
    expect(reply).toMatch(/^HTTP\/1\.1 400/);
    expect((await request(srv.port, { path: QUERIES, body: one({ query: 'x' }) })).status).toBe(200);
  });
});

describe('logging', () => {
  it('writes one line per request without the credentials', async () => {
    const loud = await startServer({ quiet: false });
    try {
      await request(loud.port, { path: QUERIES, body: one({ query: 'router' }) });
      expect(loud.logs).toHaveLength(1);
      expect(loud.logs[0]).toMatch(/POST \/1\/indexes\/\*\/queries 200 [\d.]+ms \d+B$/);
      expect(loud.logs[0]).not.toContain('searchkey123');
    } finally {
      await loud.stop();
    }
    expect(srv.logs).toEqual([]); // quiet
  });
});

describe('shutdown', () => {
  it('closes idle keep-alive connections and stops listening', async () => {
    const tmp = await startServer();
    const agent = new (await import('node:http')).Agent({ keepAlive: true });
    await request(tmp.port, { path: QUERIES, body: one({ query: 'x' }), agent });
    const started = Date.now();
    await tmp.stop();
    expect(Date.now() - started).toBeLessThan(900);
    await expect(request(tmp.port, { method: 'GET', path: '/health' })).rejects.toThrow();
    agent.destroy();
  });
});

describe('checkJsonDepth', () => {
  it('allows exactly `max` levels of arrays and objects, and refuses one more', () => {
    expect(() => checkJsonDepth('['.repeat(16) + ']'.repeat(16), 16)).not.toThrow();
    expect(() => checkJsonDepth('{"a":'.repeat(15) + '[]' + '}'.repeat(15), 16)).not.toThrow();
    expect(() => checkJsonDepth('['.repeat(17) + ']'.repeat(17), 16)).toThrow('JSON nested too deeply: at most 16 levels of arrays and objects');
    // Closed levels are given back: many shallow values in a row are not deep.
    expect(() => checkJsonDepth('[' + '[[]],'.repeat(1000) + '[]]', 3)).not.toThrow();
  });

  it('does not count brackets inside strings, after an escaped quote or backslash either', () => {
    expect(() => checkJsonDepth(JSON.stringify({ q: '['.repeat(40) }), 2)).not.toThrow();
    expect(() => checkJsonDepth(JSON.stringify({ q: `a"${'['.repeat(40)}` }), 2)).not.toThrow();
    expect(() => checkJsonDepth(JSON.stringify({ q: 'a\\', r: '['.repeat(40) }), 2)).not.toThrow();
    // Outside a string they count: here the string ends after an escaped backslash.
    expect(() => checkJsonDepth(`{"q":"a\\\\"}${'['.repeat(3)}`, 2)).toThrow(/nested too deeply/);
  });
});
