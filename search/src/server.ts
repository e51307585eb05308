/**
 * The HTTP face of the engine, the subset of Algolia's Search API that Docusaurus uses:
 *   POST /1/indexes/*\/queries     multi-query, results in request order
 *   POST /1/indexes/{name}/query   one query
 *   GET  /health, /1/isalive       liveness
 * Credentials in headers or in the query string; JSON bodies whatever the content type says
 * (text/plain, application/json, application/x-www-form-urlencoded); Algolia's error shape
 * {"message","status"}. A client mistake is always a 4xx: a 5xx would make clients fail over.
 *
 * Built on Fastify 5: body limit, timeouts and the router come from it; @fastify/helmet sets the
 * security headers, @fastify/under-pressure sheds load with 503 + Retry-After (clients then try the
 * next replica), @fastify/rate-limit answers 429 per client address. What Fastify does not bound is
 * bounded here: JSON depth (before anything walks the value), connections per address, and the work
 * and response size of a request (batch.ts). Every limit is in DEFAULT_LIMITS, with its reason.
 */
import { timingSafeEqual } from 'node:crypto';
import type { EventEmitter } from 'node:events';
import type http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import underPressure from '@fastify/under-pressure';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { clientKey } from './address.ts';
import { checkHits, ClientGone, runBatch, runOne, TooHeavy, totalHits, type BatchLimits } from './batch.ts';
import { DEFAULT_READER_THREADS, type ServeConfig } from './config.ts';
import type { Engine } from './engine.ts';
import { ApiError, ParamError } from './errors.ts';
import { HeavyWork, type HeavyLimits, type JobKind } from './heavy.ts';
import { HEAVY, ReaderThreads } from './readers.ts';
import { parseRequestItem, parseSearchParams, type SearchParams } from './params.ts';

export interface Limits extends BatchLimits, HeavyLimits {
  /** Threads answering readers' requests (readers.ts); 0 answers them on the event loop. */
  readerThreads: number;
  /** Nesting of arrays and objects in a body; real clients send 5 levels. Checked on the raw text. */
  maxJsonDepth: number;
  /** Requests per client address per `rateWindowMs`; 0 turns the rate limit off. */
  rateLimit: number;
  rateWindowMs: number;
  /** Open connections in all, and from one client address. */
  maxConnections: number;
  maxConnectionsPerAddress: number;
  /** A socket with no traffic either way is closed (idle clients, and clients that stop reading). */
  socketTimeoutMs: number;
  /** The request head, and the whole request, must arrive within these (408 otherwise). */
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  keepAliveTimeoutMs: number;
  /** How often Node checks the two timeouts above. */
  timeoutCheckMs: number;
  /**
   * Mean event-loop delay (over one sample) and heap size past which new requests get 503 +
   * Retry-After. Clients give a host 2 s to answer; a replica whose loop lags half of that for a
   * whole second is better skipped. Lower thresholds were seen to shed readers on this shared
   * two-core machine when other processes took the CPU, turning slow answers into failures.
   */
  maxEventLoopDelayMs: number;
  maxHeapUsedBytes: number;
  pressureSampleMs: number;
  retryAfterSeconds: number;
}

/** Answers one connection may have pending (the one being sent and those pipelined behind it). */
const MAX_PIPELINED = 32;
const PENDING = Symbol('answers pending on this connection');

/**
 * Puts a count in front of Fastify's request handler: the request past MAX_PIPELINED pending on one
 * connection cuts it before the framework sees it. One 64 kB write holds about 2,400 pipelined
 * health checks, which Node hands over in one turn; each went through the framework (40 such
 * connections held the event loop for about 15 s). Browsers do not pipeline.
 */
function limitPipelining(server: http.Server, max: number): void {
  const handlers = server.listeners('request') as ((req: http.IncomingMessage, res: http.ServerResponse) => void)[];
  server.removeAllListeners('request');
  server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
    const socket = req.socket as Socket & { [PENDING]?: number };
    const pending = (socket[PENDING] ?? 0) + 1;
    if (pending > max) {
      socket.destroy();
      return;
    }
    socket[PENDING] = pending;
    res.once('close', () => {
      socket[PENDING] = (socket[PENDING] ?? 1) - 1;
    });
    for (const handler of handlers) handler.call(server, req, res);
  });
}

/** The security headers helmet sends (see its options below), for answers given before its hook runs. */
const EARLY_SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'Content-Security-Policy': "default-src 'none';frame-ancestors 'none'",
  'Cross-Origin-Resource-Policy': 'cross-origin',
  'Referrer-Policy': 'no-referrer',
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
});

export const DEFAULT_LIMITS: Readonly<Limits> = Object.freeze({
  maxBatchHits: 1000,
  maxResponseBytes: 4 * 1024 * 1024,
  budgetMs: 1000,
  sliceMs: 10,
  pieceHits: 20,
  maxLoopHits: 100,
  readerThreads: DEFAULT_READER_THREADS,
  heavyThreads: 1,
  maxHeavyQueued: 16,
  maxHeavyPerAddress: 2,
  heavyTimeoutMs: 5000,
  heavyHeapMb: 512,
  heavyNice: 19,
  maxJsonDepth: 16,
  rateLimit: 1200,
  rateWindowMs: 60_000,
  maxConnections: 1024,
  maxConnectionsPerAddress: 128,
  // Longer than requestTimeoutMs plus one check: a silent client must get its 408 before the idle
  // socket is cut without an answer (at 10 s both, the socket went first and sent nothing).
  socketTimeoutMs: 15_000,
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 10_000,
  keepAliveTimeoutMs: 5_000,
  timeoutCheckMs: 1_000,
  maxEventLoopDelayMs: 1000,
  maxHeapUsedBytes: 1024 * 1024 * 1024,
  pressureSampleMs: 1000,
  retryAfterSeconds: 5,
});

/**
 * Throws when the timeouts cannot work together: the head must be due no later than the whole
 * request, and the idle-socket timeout must leave Node time to answer a slow or silent client 408
 * (it checks every timeoutCheckMs) before the socket is cut without a word.
 */
export function checkTimeouts(limits: Pick<Limits, 'socketTimeoutMs' | 'headersTimeoutMs' | 'requestTimeoutMs' | 'timeoutCheckMs'>): void {
  const { socketTimeoutMs, headersTimeoutMs, requestTimeoutMs, timeoutCheckMs } = limits;
  if (headersTimeoutMs > requestTimeoutMs) {
    throw new Error(`headersTimeoutMs (${headersTimeoutMs}) must not exceed requestTimeoutMs (${requestTimeoutMs})`);
  }
  if (socketTimeoutMs <= requestTimeoutMs + timeoutCheckMs) {
    throw new Error(
      `socketTimeoutMs (${socketTimeoutMs}) must exceed requestTimeoutMs + timeoutCheckMs (${requestTimeoutMs + timeoutCheckMs}), ` +
        'or slow clients are cut without their 408',
    );
  }
}

export type ServerOptions = Pick<ServeConfig, 'appId' | 'apiKey' | 'indexName' | 'allowedOrigins' | 'quiet' | 'maxBodyBytes' | 'maxBatch'> &
  Partial<Limits> &
  Partial<Pick<ServeConfig, 'trustProxy'>> & {
    /** Where log lines go (stdout by default). */
    log?: (line: string) => void;
  };

const JSON_TYPE = 'application/json; charset=UTF-8';
const ALLOWED_HEADERS = 'content-type, x-algolia-application-id, x-algolia-api-key, x-algolia-agent, x-algolia-usertoken, accept';
/** `*` is the literal path segment Algolia uses; the router reads it as a parameter. */
const QUERIES_URL = '/1/indexes/:star/queries';
const QUERY_URL = '/1/indexes/:indexName/query';
const HEALTH_URLS = ['/health', '/1/isalive'];
/** The search routes answer other methods with a 405 (OPTIONS is the preflight, answered first). */
const OTHER_METHODS = ['GET', 'HEAD', 'PUT', 'PATCH', 'DELETE', 'TRACE', 'OPTIONS'];

/** A hop count as Fastify's trust function (what it does with a number, which its types do not take). */
function hopsFn(hops: number): (address: string, hop: number) => boolean {
  return (_address, hop) => hop < hops;
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function first(v: unknown): string | undefined {
  const x = Array.isArray(v) ? v[0] : v;
  return typeof x === 'string' ? x : undefined;
}

/**
 * Rejects JSON nested deeper than `max` without parsing it: counts brackets outside strings.
 * Deep values are what made JSON.stringify (params echo, error messages) overflow the stack.
 */
export function checkJsonDepth(text: string, max: number): void {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i += 1; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x5b || c === 0x7b) {
      depth += 1;
      if (depth > max) throw new ParamError(`JSON nested too deeply: at most ${max} levels of arrays and objects`);
    } else if (c === 0x5d || c === 0x7d) {
      depth -= 1;
    }
  }
}

function parseBody(text: string, maxDepth: number): unknown {
  if (text.trim() === '') throw new ParamError('Empty request body: expected JSON');
  checkJsonDepth(text, maxDepth);
  try {
    return JSON.parse(text);
  } catch {
    throw new ParamError('Malformed JSON in request body');
  }
}

/** JSON Schemas of the bodies; their errors become the messages below (see schemaMessage). */
function bodySchemas(maxBatch: number) {
  const item = {
    type: 'object',
    required: ['indexName'],
    properties: {
      indexName: { type: 'string', minLength: 1 },
      params: { type: ['string', 'object', 'null'] },
      type: { const: 'default' },
    },
  };
  return {
    queries: { type: 'object', required: ['requests'], properties: { requests: { type: 'array', maxItems: maxBatch, items: item } } },
    query: { type: 'object' },
  };
}

interface SchemaError {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  message?: string;
}

function schemaMessage(errors: SchemaError[], maxBatch: number): string {
  const e = errors[0];
  if (!e) return 'Invalid request body';
  const at = /^\/requests\/(\d+)(\/(\w+))?/.exec(e.instancePath);
  if (e.instancePath === '') {
    if (e.keyword === 'required') return 'Request body must have a "requests" array';
    return 'Request body must be a JSON object with a "requests" array';
  }
  if (e.instancePath === '/requests') {
    if (e.keyword === 'maxItems') return `Too many requests in one batch: at most ${maxBatch}`;
    return 'Request body must have a "requests" array';
  }
  if (at) {
    const i = at[1];
    const field = at[3] ?? (e.keyword === 'required' ? String(e.params.missingProperty) : undefined);
    if (field === undefined) return `requests[${i}] must be an object`;
    if (field === 'indexName') return `requests[${i}] is missing "indexName"`;
    if (field === 'type') return `requests[${i}]: request type is not supported (only "default" searches)`;
    if (field === 'params') return `requests[${i}]: invalid value for "params" parameter, expected a URL-encoded string`;
  }
  return `Invalid request body at ${e.instancePath.slice(0, 100)}: ${e.message ?? e.keyword}`;
}

/** Fastify's own client errors, in Algolia's words. */
function frameworkMessage(err: { code?: string; statusCode?: number; message: string }, maxBodyBytes: number): string {
  switch (err.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return `Request body too large: at most ${maxBodyBytes} bytes`;
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return 'Request body length does not match Content-Length';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported Content-Type: send the JSON body as text/plain or application/json';
    case 'FST_ERR_BAD_URL':
      return 'Malformed request URL';
    default:
      return err.statusCode === 413 ? `Request body too large: at most ${maxBodyBytes} bytes` : 'Bad request';
  }
}

/**
 * Admits connections fairly, and returns the count of open ones. A new connection is closed at once
 * when its client already holds `max` (its address, or for IPv6 its /64 network: clientKey). When
 * `total` are open, a new one makes room by closing the oldest connection of the client that holds
 * the most, as long as that client holds at least two more than the newcomer's would; otherwise the
 * newcomer is closed. So a few clients at their per-client cap cannot keep every other reader out.
 */
export function capConnections(server: EventEmitter, max: number, total = Infinity): () => number {
  const byClient = new Map<string, Socket[]>();
  let open = 0;
  const release = (socket: Socket, client: string) => {
    const held = byClient.get(client);
    const at = held ? held.indexOf(socket) : -1;
    if (!held || at === -1) return;
    held.splice(at, 1);
    if (held.length === 0) byClient.delete(client);
    open -= 1;
  };
  server.on('connection', (socket: Socket) => {
    const client = clientKey(socket.remoteAddress ?? '');
    const held = byClient.get(client) ?? [];
    if (held.length >= max) {
      socket.destroy();
      return;
    }
    if (open >= total) {
      let biggest: [string, Socket[]] | undefined;
      for (const entry of byClient) if (!biggest || entry[1].length > biggest[1].length) biggest = entry;
      if (!biggest || biggest[1].length < held.length + 2) {
        socket.destroy();
        return;
      }
      const [other, sockets] = biggest;
      const oldest = sockets[0];
      release(oldest, other);
      oldest.destroy();
    }
    held.push(socket);
    byClient.set(client, held);
    open += 1;
    socket.once('close', () => release(socket, client));
  });
  return () => open;
}

/** Connections Node may hold above the cap while those closed to make room finish closing. */
const CLOSING_HEADROOM = 64;

export interface SearchService {
  app: FastifyInstance;
  server: http.Server;
  /** Listens on host:port (0 picks a free port); resolves with the port. */
  listen(port: number, host: string): Promise<number>;
  /** Open connections right now. */
  connections(): number;
  /** A reader thread is ready (until then, and with `readerThreads: 0`, readers are answered on the event loop). */
  readerThreadsReady(): boolean;
  /** Every search thread, reader and heavy, has started (heavy requests wait for theirs). */
  threadsReady(): boolean;
  /** Requests received and not yet answered or abandoned. */
  requestsInFlight(): number;
  /** Stops accepting connections, lets requests in flight finish, closes idle keep-alive sockets. */
  close(graceMs?: number): Promise<void>;
}

export async function createSearchServer(engine: Engine, opts: ServerOptions): Promise<SearchService> {
  const limits: Limits = { ...DEFAULT_LIMITS };
  for (const key of Object.keys(DEFAULT_LIMITS) as (keyof Limits)[]) {
    const v = opts[key];
    if (typeof v === 'number') limits[key] = v;
  }
  checkTimeouts(limits);
  const log = opts.log ?? ((line: string) => process.stdout.write(line + '\n'));
  const schemas = bodySchemas(opts.maxBatch);

  const app = Fastify({
    logger: false,
    // Behind a reverse proxy every connection comes from the proxy: `req.ip` is then the client
    // the trusted proxies name, and every per-address limit below keys on it (the connection cap
    // stays per connection's own address).
    trustProxy: typeof opts.trustProxy === 'number' ? hopsFn(opts.trustProxy) : (opts.trustProxy ?? false),
    bodyLimit: opts.maxBodyBytes,
    connectionTimeout: limits.socketTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    forceCloseConnections: 'idle',
    exposeHeadRoutes: false,
    return503OnClosing: true,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    http: {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      connectionsCheckingInterval: limits.timeoutCheckMs,
      maxHeaderSize: 16 * 1024,
    },
    ajv: { customOptions: { coerceTypes: false, removeAdditional: false, useDefaults: false, allErrors: false, allowUnionTypes: true } },
    clientErrorHandler: onClientError,
    // A URL the router refuses (bad percent-encoding, a parameter over maxParamLength) is answered
    // before any hook runs: its CORS and security headers are set here, or a browser would see a
    // CORS failure instead of the message.
    frameworkErrors: (err, req, reply) => {
      sendError(reply, new ApiError(400, frameworkMessage(err, opts.maxBodyBytes)), { ...EARLY_SECURITY_HEADERS, ...corsHeaders(req) });
    },
  });
  const server = app.server;
  // The cap in all is kept by capConnections below, which makes room for a new client; Node's own cap
  // only bounds a burst that arrives before the connections closed for it are gone.
  server.maxConnections = limits.maxConnections + CLOSING_HEADROOM;
  limitPipelining(server, MAX_PIPELINED);

  // Requests in flight (received, not yet answered or abandoned).
  let inFlight = 0;
  const countedOn = new WeakMap<Socket, Set<() => void>>();
  app.addHook('onRequest', async (req, reply) => {
    const socket = req.raw.socket;
    // A request pipelined behind others on a connection that is already cut is never answered.
    if (!socket || socket.destroyed) return;
    inFlight += 1;
    // 'close' follows 'finish', and comes too when the connection closes first; an answer queued
    // behind another on a connection that is cut gets no 'close' of its own, so the socket's counts.
    let counted = true;
    let onSocket = countedOn.get(socket);
    if (!onSocket) {
      const set = new Set<() => void>();
      countedOn.set(socket, (onSocket = set));
      // One listener per connection, for every request waiting on it.
      socket.once('close', () => [...set].forEach((count) => count()));
    }
    const pending = onSocket;
    const out = () => {
      if (!counted) return;
      counted = false;
      inFlight -= 1;
      reply.raw.off('close', out);
      pending.delete(out);
    };
    reply.raw.once('close', out);
    pending.add(out);
  });

  // Requests past one slice of work, or asking for many hits, run on a low-priority thread (heavy.ts).
  const heavy = new HeavyWork({ mode: 'heavy', records: engine.index.records, indexName: engine.indexName, limits, nice: limits.heavyNice }, limits, log);
  app.addHook('onClose', async () => heavy.close());
  // Readers' requests on threads of their own (readers.ts), so that a replica uses more than one core.
  const readers =
    limits.readerThreads > 0
      ? new ReaderThreads({ mode: 'reader', records: engine.index.records, indexName: engine.indexName, limits, nice: 0 }, limits.readerThreads, limits.heavyHeapMb, limits.retryAfterSeconds, log)
      : null;
  if (readers) app.addHook('onClose', async () => readers.close());

  // Connections per client address and in all (capConnections).
  const connections = capConnections(server, limits.maxConnectionsPerAddress, limits.maxConnections);

  const corsHeaders = (req: FastifyRequest): Record<string, string> => {
    const origin = first(req.headers.origin);
    const allowed = opts.allowedOrigins;
    if (allowed === '*') return { 'Access-Control-Allow-Origin': origin ?? '*', Vary: 'Origin' };
    if (origin && allowed.includes(origin)) return { 'Access-Control-Allow-Origin': origin, Vary: 'Origin' };
    return { Vary: 'Origin' };
  };

  function sendError(reply: FastifyReply, err: ApiError, extra: Record<string, string> = {}): FastifyReply {
    return reply
      .code(err.status)
      .headers(extra)
      .type(JSON_TYPE)
      .send(JSON.stringify({ message: err.message, status: err.status }));
  }

  /**
   * Malformed HTTP, timeouts and oversized heads, answered on the raw socket. A response still in
   * flight on this connection (a valid request pipelined before the bad one) is finished first.
   */
  function onClientError(err: NodeJS.ErrnoException, socket: Socket): void {
    if (err.code === 'ECONNRESET' || socket.destroyed) return;
    const status = err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : err.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
    const reason = status === 408 ? 'Request Timeout' : status === 431 ? 'Request Header Fields Too Large' : 'Bad Request';
    const message = status === 408 ? 'Request timed out: the request did not arrive in time' : status === 431 ? 'Request headers too large' : 'Bad request: malformed HTTP';
    const body = JSON.stringify({ message, status });
    let answered = false;
    const answer = () => {
      if (answered) return;
      answered = true;
      if (!socket.writable) return socket.destroy();
      // Written by hand (the request never reached the framework), with the same security headers
      // as every other answer.
      const security = Object.entries(EARLY_SECURITY_HEADERS)
        .map(([name, value]) => `${name}: ${value}\r\n`)
        .join('');
      socket.end(
        `HTTP/1.1 ${status} ${reason}\r\nContent-Type: ${JSON_TYPE}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n${security}Connection: close\r\n\r\n${body}`,
      );
      socket.destroySoon();
    };
    type Res = http.ServerResponse & { writableFinished: boolean };
    const inFlight = () => (socket as Socket & { _httpMessage?: Res | null })._httpMessage ?? null;
    const pending = inFlight();
    if (pending && !pending.headersSent && status === 408) {
      // A request whose body stopped arriving: answer it on its own response, then close.
      pending.shouldKeepAlive = false;
      pending.writeHead(408, { ...EARLY_SECURITY_HEADERS, 'Content-Type': JSON_TYPE, 'Content-Length': String(Buffer.byteLength(body)), Connection: 'close' });
      pending.end(body, () => socket.destroySoon());
      return;
    }
    if (pending && !pending.writableFinished && status !== 408) {
      // Wait for the earlier answer and any queued behind it (each may take a while: it can be
      // computed on another thread), then answer the bad request.
      let waits = 0;
      const waitFor = (res: Res) => {
        let moved = false;
        const go = () => {
          if (moved) return;
          moved = true;
          setImmediate(after);
        };
        res.once('finish', go);
        res.once('close', go);
      };
      const after = () => {
        if (socket.destroyed) return;
        const next = inFlight();
        if (next && !next.writableFinished && waits++ < 64) waitFor(next);
        else answer();
      };
      waitFor(pending);
      return;
    }
    if (pending && !pending.writableFinished) return void socket.destroy();
    answer();
  }

  // Headers first, so that every answer below (429, 503, errors) carries them. (The few answers
  // that come before the hooks carry EARLY_SECURITY_HEADERS, the same; a test compares them.)
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    crossOriginOpenerPolicy: false,
    crossOriginEmbedderPolicy: false,
    originAgentCluster: false,
    referrerPolicy: { policy: 'no-referrer' },
    frameguard: { action: 'deny' },
    hsts: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  });

  app.addHook('onSend', async (req, reply, payload) => {
    reply.headers(corsHeaders(req));
    if (!opts.quiet) (reply as FastifyReply & { bytes?: number }).bytes = typeof payload === 'string' ? Buffer.byteLength(payload) : 0;
    return payload;
  });
  if (!opts.quiet) {
    app.addHook('onResponse', async (req, reply) => {
      const path = req.url.split('?')[0]!.slice(0, 200);
      const bytes = (reply as FastifyReply & { bytes?: number }).bytes ?? 0;
      log(`${new Date().toISOString()} ${req.method} ${path} ${reply.statusCode} ${reply.elapsedTime.toFixed(1)}ms ${bytes}B`);
    });
  }

  // CORS preflight on any path, before the load and rate checks.
  app.addHook('onRequest', async (req, reply) => {
    if (req.method !== 'OPTIONS') return;
    const cors = corsHeaders(req);
    if (!cors['Access-Control-Allow-Origin']) return sendError(reply, new ApiError(403, 'Origin not allowed'));
    return reply
      .code(204)
      .headers({
        'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
        'Access-Control-Allow-Headers': ALLOWED_HEADERS,
        'Access-Control-Max-Age': '86400',
      })
      .send();
  });

  await app.register(underPressure, {
    maxEventLoopDelay: limits.maxEventLoopDelayMs,
    maxHeapUsedBytes: limits.maxHeapUsedBytes,
    sampleInterval: limits.pressureSampleMs,
    pressureHandler: (_req, reply, type) => {
      sendError(reply, new ApiError(503, `Service overloaded (${type}): try another host`), { 'Retry-After': String(limits.retryAfterSeconds) });
    },
  });

  if (limits.rateLimit > 0) {
    await app.register(rateLimit, {
      max: limits.rateLimit,
      timeWindow: limits.rateWindowMs,
      hook: 'onRequest',
      cache: 10_000,
      keyGenerator: (req) => clientKey(req.ip),
      errorResponseBuilder: (_req, ctx) =>
        new ApiError(429, `Too many requests from your address: at most ${ctx.max} in ${Math.round(limits.rateWindowMs / 1000)} s; retry in ${ctx.after}`),
    });
  }

  app.setErrorHandler((err: Error & { statusCode?: number; code?: string; validation?: SchemaError[] }, req, reply) => {
    if (err instanceof ClientGone) {
      req.raw.socket?.destroy();
      return;
    }
    if (err instanceof ApiError) {
      return sendError(reply, err, err.status === 413 || err.status === 415 ? { ...err.headers, Connection: 'close' } : err.headers);
    }
    if (err.validation) return sendError(reply, new ParamError(schemaMessage(err.validation, opts.maxBatch)));
    const status = err.statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      return sendError(reply, new ApiError(status, frameworkMessage(err, opts.maxBodyBytes)), status === 413 ? { Connection: 'close' } : {});
    }
    if (!opts.quiet) log(`${new Date().toISOString()} internal error: ${err.message}`);
    return sendError(reply, new ApiError(500, 'Internal error'));
  });
  app.setNotFoundHandler((_req, reply) => sendError(reply, new ApiError(404, 'Not found')));

  // Bodies are JSON whatever the content type; a compressed body is refused before it is read. The
  // parser only collects the text (within bodyLimit); JSON is parsed in preValidation, so that a
  // malformed body is an ordinary 400 and the connection stays usable for pipelined requests.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body));
  app.addHook('preParsing', async (req, _reply, payload) => {
    const encoding = (first(req.headers['content-encoding']) ?? 'identity').toLowerCase();
    if (encoding !== 'identity') throw new ApiError(415, `Unsupported content encoding "${encoding.slice(0, 40)}"`);
    return payload;
  });

  const wrongMethod = (url: string) =>
    app.route({
      method: OTHER_METHODS,
      url,
      handler: async (req, reply) => sendError(reply, new ApiError(405, `Method ${req.method} not allowed: use POST`), { Allow: 'POST, OPTIONS' }),
    });
  const authorise = async (req: FastifyRequest<{ Querystring: Record<string, unknown> }>, reply: FastifyReply) => {
    const q = req.query ?? {};
    const appId = first(req.headers['x-algolia-application-id']) ?? first(q['x-algolia-application-id']);
    const key = first(req.headers['x-algolia-api-key']) ?? first(q['x-algolia-api-key']);
    if (!(appId === opts.appId && typeof key === 'string' && sameSecret(key, opts.apiKey))) {
      return sendError(reply, new ApiError(403, 'Invalid Application-ID or API key'));
    }
  };
  const parseJson = async (req: FastifyRequest) => {
    req.body = parseBody(typeof req.body === 'string' ? req.body : '', limits.maxJsonDepth);
  };
  const gone = (req: FastifyRequest) => () => req.raw.socket?.destroyed === true;
  /**
   * The answer to a search: on a reader thread (or, with none ready, on the event loop) while it
   * takes at most one slice of work; else, or when it asks for more than `maxLoopHits` hits, on the
   * heavy-work thread.
   */
  const answer = async (req: FastifyRequest, kind: JobKind, params: SearchParams[]): Promise<string | Buffer> => {
    checkHits(params, limits);
    const client = clientKey(req.ip);
    if (totalHits(params) <= limits.maxLoopHits && readers?.available()) {
      const body = await readers.run(kind, params, client);
      if (body !== HEAVY) return body;
    } else if (totalHits(params) <= limits.maxLoopHits) {
      try {
        return kind === 'batch'
          ? await runBatch(engine, params, limits, gone(req), { onSlice: 'escalate' })
          : await runOne(engine, params[0]!, limits, gone(req), { onSlice: 'escalate' });
      } catch (err) {
        if (!(err instanceof TooHeavy)) throw err;
      }
    }
    const socket = req.raw.socket;
    if (!socket || socket.destroyed) throw new ClientGone();
    return heavy.run(kind, params, socket, client);
  };
  /**
   * Pipelined requests are answered in order, and an answer waits in memory until the ones before
   * it are sent. A search waits until the answers before it on its connection have been handed to
   * the network, so a client that pipelines and never reads holds at most one answer in memory
   * (until the socket timeout closes it), not one per request it sent.
   */
  const waitTurn = async (reply: FastifyReply): Promise<void> => {
    const socket = reply.request.raw.socket as (Socket & { _httpMessage?: http.ServerResponse | null }) | null;
    for (let i = 0; socket && !socket.destroyed && i < 1000; i++) {
      const ahead = socket._httpMessage;
      if (!ahead || ahead === reply.raw || ahead.writableFinished) return;
      await new Promise<void>((resolve) => {
        ahead.once('finish', resolve);
        ahead.once('close', resolve);
      });
    }
    if (!socket || socket.destroyed) throw new ClientGone();
  };

  for (const url of HEALTH_URLS) {
    app.all(url, async (req, reply) => {
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        return sendError(reply, new ApiError(405, `Method ${req.method} not allowed on ${url}`), { Allow: 'GET, HEAD' });
      }
      // `threads` says whether the search threads have started (readers are answered meanwhile, on the
      // event loop): tests and supervisors that want full speed wait for 'ready'.
      const threads = heavy.ready() && (readers?.allReady() ?? true) ? 'ready' : 'starting';
      return reply.type(JSON_TYPE).send(JSON.stringify({ message: 'server is alive', status: 'ok', index: opts.indexName, records: engine.index.size, threads }));
    });
  }

  {
    const url = QUERIES_URL;
    const literalStar = async (req: FastifyRequest<{ Params: { star: string } }>, reply: FastifyReply) => {
      if (req.params.star !== '*') return sendError(reply, new ApiError(404, 'Not found'));
    };
    app.route({ method: OTHER_METHODS, url, onRequest: literalStar, handler: async (req, reply) => sendError(reply, new ApiError(405, `Method ${req.method} not allowed: use POST`), { Allow: 'POST, OPTIONS' }) });
    app.route<{ Querystring: Record<string, unknown>; Params: { star: string }; Body: { requests: unknown[] } }>({
      method: 'POST',
      url,
      schema: { body: schemas.queries },
      onRequest: [literalStar, authorise],
      preValidation: parseJson,
      handler: async (req, reply) => {
        const parsed = req.body.requests.map((item, i) => parseRequestItem(item, i));
        for (const p of parsed) {
          if (p.indexName !== opts.indexName) throw new ApiError(404, `Index ${p.indexName.slice(0, 200)} does not exist`);
        }
        await waitTurn(reply);
        const text = await answer(req, 'batch', parsed.map((p) => p.params));
        return reply.type(JSON_TYPE).send(text);
      },
    });
  }

  wrongMethod(QUERY_URL);
  app.route<{ Querystring: Record<string, unknown>; Params: { indexName: string }; Body: Record<string, unknown> }>({
    method: 'POST',
    url: QUERY_URL,
    schema: { body: schemas.query },
    onRequest: [
      authorise,
      async (req, reply) => {
        if (req.params.indexName !== opts.indexName) return sendError(reply, new ApiError(404, `Index ${req.params.indexName.slice(0, 200)} does not exist`));
      },
    ],
    preValidation: parseJson,
    handler: async (req, reply) => {
      await waitTurn(reply);
      const text = await answer(req, 'one', [parseSearchParams(req.body)]);
      return reply.type(JSON_TYPE).send(text);
    },
  });

  await app.ready();

  const listen = async (port: number, host: string): Promise<number> => {
    await app.listen({ port, host });
    return (server.address() as AddressInfo).port;
  };

  const close = async (graceMs = 5_000) => {
    const timer = setTimeout(() => server.closeAllConnections(), graceMs);
    timer.unref();
    await app.close();
    clearTimeout(timer);
  };

  return { app, server, listen, close, connections, requestsInFlight: () => inFlight, readerThreadsReady: () => readers?.available() ?? false,
    threadsReady: () => heavy.ready() && (readers?.allReady() ?? true),
  };
}
