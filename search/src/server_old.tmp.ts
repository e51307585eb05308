/**
 * The HTTP face of the engine, the subset of Algolia's Search API that Docusaurus uses:
 *   POST /1/indexes/*\/queries     multi-query, results in request order
 *   POST /1/indexes/{name}/query   one query
 *   GET  /health, /1/isalive       liveness
 * Credentials in headers or in the query string; JSON bodies whatever the content type says
 * (text/plain, application/json, application/x-www-form-urlencoded); Algolia's error shape
 * {"message","status"}. A client mistake is always a 4xx: a 5xx would make clients fail over.
 */
import { timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import type { ServeConfig } from './config.ts';
import type { Engine, SearchResponse } from './engine.ts';
import { ApiError, ParamError } from './errors.ts';
import { parseRequestItem, parseSearchParams } from './params.ts';

export type ServerOptions = Pick<ServeConfig, 'appId' | 'apiKey' | 'indexName' | 'allowedOrigins' | 'quiet' | 'maxBodyBytes' | 'maxBatch'> & {
  /** Where log lines go (stdout by default). */
  log?: (line: string) => void;
};

const JSON_TYPE = 'application/json; charset=UTF-8';
const ALLOWED_HEADERS = 'content-type, x-algolia-application-id, x-algolia-api-key, x-algolia-agent, x-algolia-usertoken, accept';

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function headerValue(req: http.IncomingMessage, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

class Exchange {
  status = 200;
  bytes = 0;
  constructor(
    readonly req: http.IncomingMessage,
    readonly res: http.ServerResponse,
    readonly opts: ServerOptions,
  ) {}

  corsHeaders(): Record<string, string> {
    const origin = headerValue(this.req, 'origin');
    const allowed = this.opts.allowedOrigins;
    if (allowed === '*') return { 'Access-Control-Allow-Origin': origin ?? '*', Vary: 'Origin' };
    if (origin && allowed.includes(origin)) return { 'Access-Control-Allow-Origin': origin, Vary: 'Origin' };
    return { Vary: 'Origin' };
  }

  send(status: number, body: unknown, extra: Record<string, string> = {}): void {
    if (this.res.headersSent) return;
    const text = JSON.stringify(body);
    this.status = status;
    this.bytes = Buffer.byteLength(text);
    this.res.writeHead(status, { 'Content-Type': JSON_TYPE, 'Content-Length': String(this.bytes), ...this.corsHeaders(), ...extra });
    this.res.end(text);
  }

  fail(err: ApiError, extra: Record<string, string> = {}): void {
    this.send(err.status, { message: err.message, status: err.status }, extra);
  }
}

function readBody(ex: Exchange, limit: number): Promise<string> {
  const { req } = ex;
  const declared = Number(headerValue(req, 'content-length') ?? 'NaN');
  if (Number.isFinite(declared) && declared > limit) {
    return Promise.reject(new ApiError(413, `Request body too large: at most ${limit} bytes`));
  }
  const encoding = (headerValue(req, 'content-encoding') ?? 'identity').toLowerCase();
  if (encoding !== 'identity') return Promise.reject(new ApiError(415, `Unsupported content encoding "${encoding.slice(0, 40)}"`));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    req.on('data', (chunk: Buffer) => {
      if (done) return;
      size += chunk.length;
      if (size > limit) {
        done = true;
        reject(new ApiError(413, `Request body too large: at most ${limit} bytes`));
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (done) return;
      done = true;
      resolve(Buffer.concat(chunks).toString('utf8'));
    });
    req.on('error', () => {
      if (done) return;
      done = true;
      reject(new ApiError(400, 'Request body could not be read'));
    });
  });
}

function parseJson(text: string): unknown {
  if (text.trim() === '') throw new ParamError('Empty request body: expected JSON');
  try {
    return JSON.parse(text);
  } catch {
    throw new ParamError('Malformed JSON in request body');
  }
}

const QUERIES_PATH = /^\/1\/indexes\/\*\/queries\/?$/;
const QUERY_PATH = /^\/1\/indexes\/([^/]+)\/query\/?$/;
const HEALTH_PATHS = new Set(['/health', '/1/isalive']);

export interface SearchService {
  server: http.Server;
  /** Stops accepting connections, lets requests in flight finish, closes idle keep-alive sockets. */
  close(graceMs?: number): Promise<void>;
}

export function createSearchServer(engine: Engine, opts: ServerOptions): SearchService {
  const log = opts.log ?? ((line: string) => process.stdout.write(line + '\n'));

  const authorised = (req: http.IncomingMessage, url: URL): boolean => {
    const appId = headerValue(req, 'x-algolia-application-id') ?? url.searchParams.get('x-algolia-application-id');
    const key = headerValue(req, 'x-algolia-api-key') ?? url.searchParams.get('x-algolia-api-key');
    return typeof appId === 'string' && typeof key === 'string' && appId === opts.appId && sameSecret(key, opts.apiKey);
  };

  const checkIndex = (name: string) => {
    if (name !== opts.indexName) throw new ApiError(404, `Index ${name.slice(0, 200)} does not exist`);
  };

  const multi = (body: unknown): { results: SearchResponse[] } => {
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      throw new ParamError('Request body must be a JSON object with a "requests" array');
    }
    const requests = (body as { requests?: unknown }).requests;
    if (!Array.isArray(requests)) throw new ParamError('Request body must have a "requests" array');
    if (requests.length > opts.maxBatch) throw new ParamError(`Too many requests in one batch: at most ${opts.maxBatch}`);
    const parsed = requests.map((item, i) => parseRequestItem(item, i));
    for (const p of parsed) checkIndex(p.indexName);
    return { results: parsed.map((p) => engine.search(p.params)) };
  };

  const single = (name: string, body: unknown): SearchResponse => {
    checkIndex(name);
    if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new ParamError('Request body must be a JSON object');
    return engine.search(parseSearchParams(body as Record<string, unknown>));
  };

  const handle = async (ex: Exchange): Promise<void> => {
    const { req } = ex;
    let url: URL;
    try {
      url = new URL(req.url ?? '/', 'http://search.invalid');
    } catch {
      ex.fail(new ApiError(400, 'Malformed request URL'));
      return;
    }
    const path = url.pathname;
    const method = req.method ?? 'GET';

    if (method === 'OPTIONS') {
      const cors = ex.corsHeaders();
      if (!cors['Access-Control-Allow-Origin']) {
        ex.fail(new ApiError(403, 'Origin not allowed'));
        return;
      }
      ex.status = 204;
      ex.res.writeHead(204, {
        ...cors,
        'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
        'Access-Control-Allow-Headers': ALLOWED_HEADERS,
        'Access-Control-Max-Age': '86400',
      });
      ex.res.end();
      return;
    }

    if (HEALTH_PATHS.has(path)) {
      if (method !== 'GET' && method !== 'HEAD') {
        ex.fail(new ApiError(405, `Method ${method} not allowed on ${path}`), { Allow: 'GET, HEAD' });
        return;
      }
      ex.send(200, { message: 'server is alive', status: 'ok', index: opts.indexName, records: engine.index.size });
      return;
    }

    const queries = QUERIES_PATH.test(path);
    const one = QUERY_PATH.exec(path);
    if (!queries && !one) {
      ex.fail(new ApiError(404, 'Not found'));
      return;
    }
    if (method !== 'POST') {
      ex.fail(new ApiError(405, `Method ${method} not allowed: use POST`), { Allow: 'POST, OPTIONS' });
      return;
    }
    if (!authorised(req, url)) {
      ex.fail(new ApiError(403, 'Invalid Application-ID or API key'));
      return;
    }
    let indexName = '';
    if (one) {
      try {
        indexName = decodeURIComponent(one[1]!);
      } catch {
        ex.fail(new ParamError('Malformed index name in URL'));
        return;
      }
    }
    const body = parseJson(await readBody(ex, opts.maxBodyBytes));
    ex.send(200, queries ? multi(body) : single(indexName, body));
  };

  const server = http.createServer((req, res) => {
    const started = performance.now();
    const ex = new Exchange(req, res, opts);
    res.on('finish', () => {
      if (opts.quiet) return;
      const path = (req.url ?? '/').split('?')[0]!.slice(0, 200);
      log(`${new Date().toISOString()} ${req.method} ${path} ${ex.status} ${(performance.now() - started).toFixed(1)}ms ${ex.bytes}B`);
    });
    handle(ex).catch((err: unknown) => {
      if (err instanceof ApiError) {
        // After a 413 the rest of the body is not read: close the connection instead of draining it.
        ex.fail(err, err.status === 413 ? { Connection: 'close' } : {});
        return;
      }
      if (!opts.quiet) log(`${new Date().toISOString()} internal error: ${err instanceof Error ? err.message : String(err)}`);
      ex.fail(new ApiError(500, 'Internal error'));
    });
  });
  server.requestTimeout = 10_000;
  server.headersTimeout = 10_000;
  server.keepAliveTimeout = 5_000;
  server.on('clientError', (err: NodeJS.ErrnoException, socket) => {
    if (!socket.writable) return socket.destroy();
    const tooLarge = err.code === 'HPE_HEADER_OVERFLOW';
    const status = tooLarge ? 431 : 400;
    const body = JSON.stringify({ message: tooLarge ? 'Request headers too large' : 'Bad request', status });
    socket.end(
      `HTTP/1.1 ${status} ${tooLarge ? 'Request Header Fields Too Large' : 'Bad Request'}\r\nContent-Type: ${JSON_TYPE}\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });

  const close = (graceMs = 5_000) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => server.closeAllConnections(), graceMs);
      timer.unref();
      server.close(() => {
        clearTimeout(timer);
        resolve();
      });
      server.closeIdleConnections();
    });

  return { server, close };
}
