// The production server for site/build, on Fastify 5:
// - @fastify/static: ETag/Last-Modified and 304, Range, HEAD, and the `.br`/`.gz` files written at
//   build time (scripts/lib/precompress.mjs) sent as they are: nothing is compressed per request.
// - @fastify/helmet: the Content-Security-Policy the build computed (scripts/lib/security-headers.mjs)
//   and the other security headers; Permissions-Policy and HSTS (HTTPS only) are added here.
// - @fastify/under-pressure: 503 with Retry-After when the event loop or heap is overloaded.
// - Node's HTTP server limits: a connection cap (in all and per client address), header/request/
//   keep-alive/idle timeouts; pipelined requests wait for the answer ahead of them, a few at most.
// Request paths are checked before anything touches the file system, so no URL can throw outside a
// handler; redirects (old `.html` and `/index.html` links, and the build's `_redirects`: old and
// package-linked addresses of the docs) only ever point to a path of this origin.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import net from 'node:net';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import underPressure from '@fastify/under-pressure';
import Fastify from 'fastify';
import { clientKey } from './client-key.mjs';
import { HSTS, PERMISSIONS_POLICY, REFERRER_POLICY, buildScriptHashes, cspDirectives, readSecurityHeaders } from './security-headers.mjs';

export const DEFAULT_LIMITS = Object.freeze({
  /**
   * Open connections (file descriptors stay bounded). When all are taken, a new client's connection
   * closes the oldest one of the client holding the most (capConnectionsPerAddress).
   */
  maxConnections: 1024,
  /**
   * Open connections from one client address, so one client cannot take every slot (a browser opens
   * about six). Behind a proxy every connection comes from the proxy: raise it there.
   */
  maxConnectionsPerAddress: 128,
  /**
   * Requests one connection may have waiting behind the answer being sent. Browsers do not pipeline;
   * a client that sends more, without reading, is cut.
   */
  maxPipelined: 16,
  /** A client must send its request headers within this time (slow-header clients). */
  headersTimeoutMs: 10_000,
  /** …and the whole request within this one (slow-body clients). */
  requestTimeoutMs: 15_000,
  /** An idle keep-alive connection is closed after this. */
  keepAliveTimeoutMs: 5_000,
  /** A connection with no traffic either way (a client that stopped reading) is closed after this. */
  idleTimeoutMs: 15_000,
  /** Above this event-loop delay, or heap, requests get 503 + Retry-After instead of queueing. */
  maxEventLoopDelayMs: 1_000,
  maxHeapUsedBytes: 1024 * 1024 * 1024,
  retryAfterSeconds: 5,
});

const ENV_LIMITS = {
  SITE_MAX_CONNECTIONS: 'maxConnections',
  SITE_MAX_CONNECTIONS_PER_ADDRESS: 'maxConnectionsPerAddress',
  SITE_MAX_PIPELINED: 'maxPipelined',
  SITE_HEADERS_TIMEOUT_MS: 'headersTimeoutMs',
  SITE_REQUEST_TIMEOUT_MS: 'requestTimeoutMs',
  SITE_KEEP_ALIVE_TIMEOUT_MS: 'keepAliveTimeoutMs',
  SITE_IDLE_TIMEOUT_MS: 'idleTimeoutMs',
  SITE_MAX_EVENT_LOOP_DELAY_MS: 'maxEventLoopDelayMs',
};

/** Limits from SITE_* environment variables over the defaults; a bad value names its variable. */
export function limitsFromEnv(env) {
  const limits = { ...DEFAULT_LIMITS };
  for (const [name, key] of Object.entries(ENV_LIMITS)) {
    if (env[name] === undefined || env[name] === '') continue;
    const value = Number(env[name]);
    if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a whole number above 0, got "${env[name]}"`);
    limits[key] = value;
  }
  if (limits.headersTimeoutMs > limits.requestTimeoutMs) {
    throw new Error(`SITE_HEADERS_TIMEOUT_MS (${limits.headersTimeoutMs}) must not exceed SITE_REQUEST_TIMEOUT_MS (${limits.requestTimeoutMs})`);
  }
  return limits;
}

/**
 * TRUST_PROXY: unset (requests come straight from browsers), "true" (trust X-Forwarded-*), a hop
 * count, or a comma-separated list of proxy addresses/CIDRs. Decides whether a request arrived over
 * HTTPS (and so gets HSTS).
 */
export function trustProxyFromEnv(value) {
  if (value === undefined || value === '' || value === 'false' || value === '0') return false;
  if (value === 'true') return true;
  // Hop counts as the search service takes them (--trust-proxy): 1 to 64.
  if (/^\d{1,2}$/.test(value) && Number(value) >= 1 && Number(value) <= 64) return Number(value);
  const list = value.split(',').map((s) => s.trim());
  for (const entry of list) {
    const [address, bits, ...rest] = entry.split('/');
    const family = net.isIP(address ?? '');
    const badBits = bits !== undefined && !(/^\d{1,3}$/.test(bits) && Number(bits) <= (family === 6 ? 128 : 32));
    if (family === 0 || badBits || rest.length > 0) {
      throw new Error(
        `TRUST_PROXY must be true, false, a hop count (1-64) or a comma-separated list of IP addresses or CIDR ranges; got ${JSON.stringify(entry.slice(0, 80))}`,
      );
    }
  }
  return list;
}

/** Cache-Control for a file of the build (path relative to the build, `/` separated). */
export function cacheControlFor(relPath) {
  const file = relPath.replace(/^\/+/, '').replace(/\.(br|gz)$/, '');
  // Bundler output under assets/ is named by content hash: it never changes.
  if (file.startsWith('assets/')) return 'public, max-age=31536000, immutable';
  if (file.endsWith('.html')) return 'public, max-age=0, must-revalidate';
  return 'public, max-age=3600';
}

/** Files of the build that are not the site's (build stamps, the static-host headers file). */
const PRIVATE = new Set(['_headers', '_redirects']);
const CONTROL = /[\u0000-\u001f\u007f]/;
/** No file name of the build comes near this; longer names are not looked up (ENAMETOOLONG). */
const MAX_SEGMENT_BYTES = 200;
/**
 * Nor a whole path: the longest of the build is under 200 bytes. Longer ones are not looked up (past
 * about 4 kB the file system refuses them, and @fastify/static answered a plain-text 403).
 */
const MAX_PATH_BYTES = 1024;

/**
 * What to do with a request target, decided from the raw URL alone:
 *   { action: 'serve' } | { action: 'redirect', location } | { action: 'notFound' } | { action: 'bad', message }
 * Redirect locations are built from decoded, checked segments, each percent-encoded again, or taken
 * from `redirects` (checked by readRedirects: plain paths), so they always start with a single "/"
 * followed by a path segment: never another origin.
 * @param {string} rawUrl the request target as received
 * @param {(rel: string) => boolean} isFile whether a path relative to the build is a file
 * @param {Map<string, string>} [redirects] the build's `_redirects`: path (no trailing slash) → path
 */
export function routeRequest(rawUrl, isFile, redirects = new Map()) {
  const q = rawUrl.indexOf('?');
  const rawPath = q === -1 ? rawUrl : rawUrl.slice(0, q);
  if (!rawPath.startsWith('/')) return { action: 'bad', message: 'The request target must be a path starting with "/".' };
  if (Buffer.byteLength(rawPath) > MAX_PATH_BYTES * 3) return { action: 'notFound' };
  const raw = rawPath.split('/').slice(1);
  const segments = [];
  let canonical = true;
  for (let i = 0; i < raw.length; i += 1) {
    let segment;
    try {
      segment = decodeURIComponent(raw[i]);
    } catch {
      return { action: 'bad', message: 'The path holds malformed percent-encoding.' };
    }
    if (CONTROL.test(segment)) return { action: 'bad', message: 'The path holds a control character.' };
    if (segment === '.' || segment === '..') return { action: 'bad', message: 'The path holds "." or ".." segments.' };
    // An encoded "/" or "\" names no file of the build; a name longer than the file system allows neither.
    if (segment.includes('/') || segment.includes('\\')) return { action: 'notFound' };
    if (Buffer.byteLength(segment) > MAX_SEGMENT_BYTES) return { action: 'notFound' };
    if (segment === '' && i < raw.length - 1) canonical = false;
    segments.push(segment);
  }
  if (Buffer.byteLength(segments.join('/')) > MAX_PATH_BYTES) return { action: 'notFound' };
  const named = segments.filter(Boolean);
  if (named.length === 1 && PRIVATE.has(named[0])) return { action: 'notFound' };
  const last = segments[segments.length - 1];
  // A not-found page is never a page of its own: asked for (as `404.html`, or `404` by the clean-URL
  // rule), it answers 404 as it would for a miss.
  if (last === '404.html' || last === '404') return { action: 'notFound' };
  // The `.br`/`.gz` copies of the build are sent for their file when the client accepts them; they are
  // not pages of their own.
  if (/\.(br|gz)$/.test(last) && isFile(named.join('/').replace(/\.(br|gz)$/, ''))) return { action: 'notFound' };
  // The WHATWG parser percent-encodes controls, spaces and non-ASCII in the query.
  const search = () => (q === -1 ? '' : new URL(`http://x/${rawUrl.slice(q)}`).search);
  const redirect = (target) => ({ action: 'redirect', location: '/' + target.filter(Boolean).map(encodeURIComponent).join('/') + search() });
  if (last.endsWith('.html')) {
    if (last === 'index.html') return redirect(segments.slice(0, -1));
    if (!isFile(named.join('/'))) return redirect([...segments.slice(0, -1), last.slice(0, -'.html'.length)]);
  }
  // `/x/index` is the folder's own page (x/index.html) under a second address, by the clean-URL
  // rule: send it to `/x`, as `/x/index.html` is. The API reference has real pages named `index`
  // (x/index/index.html); those are served.
  if (last === 'index' && canonical && !isFile([...named, 'index.html'].join('/')) && isFile(`${named.join('/')}.html`)) {
    return redirect(segments.slice(0, -1));
  }
  // "//x" and "/a//b" are not paths of the site (and must never reach a redirect unchanged).
  if (!canonical) return { action: 'notFound' };
  // An old or package-linked address of the docs, unless the build has a page there after all.
  const moved = redirects.get(`/${named.join('/')}`);
  const page = named.join('/');
  if (moved !== undefined && !isFile(`${page}.html`) && !isFile(`${page}/index.html`)) {
    // The query goes before a section the target names.
    const hash = moved.indexOf('#');
    return { action: 'redirect', location: hash === -1 ? moved + search() : moved.slice(0, hash) + search() + moved.slice(hash) };
  }
  return { action: 'serve' };
}

/**
 * Closes a connection on which no byte has moved either way for `idleMs`: a client that stopped
 * reading a response (its buffers are full, so nothing more is written) or one that connected and
 * never sent anything. Node's own socket timeout is not used: with a short
 * `connectionsCheckingInterval` (needed for on-time header/request timeouts) it was seen never to fire
 * on Node 20.
 */
function cutIdleConnections(server, idleMs) {
  const seen = new Map();
  server.on('connection', (socket) => {
    seen.set(socket, { progress: 0, since: Date.now() });
    socket.once('close', () => seen.delete(socket));
  });
  const sweep = setInterval(() => {
    const now = Date.now();
    for (const [socket, last] of seen) {
      const progress = socket.bytesRead + socket.bytesWritten;
      if (progress !== last.progress) seen.set(socket, { progress, since: now });
      else if (now - last.since >= idleMs) socket.destroy();
    }
  }, Math.max(50, Math.min(1000, Math.floor(idleMs / 4))));
  sweep.unref();
  server.once('close', () => clearInterval(sweep));
}

/**
 * Admits connections fairly. A new connection is closed at once when its client already holds
 * `max` of them (its address, or for IPv6 its /64 network: clientKey). When `total` connections are
 * open, a new one makes room by closing the oldest connection of the client that holds the most,
 * as long as that client holds at least two more than the newcomer's would; otherwise the newcomer
 * is closed. So a few clients at their per-client cap cannot keep everyone else out: each new
 * client still gets in, at the cost of the biggest holder. Returns the count of open connections.
 */
export function capConnectionsPerAddress(server, max, total = Infinity) {
  const byClient = new Map();
  let open = 0;
  const release = (socket, client) => {
    const held = byClient.get(client);
    const at = held ? held.indexOf(socket) : -1;
    if (at === -1) return;
    held.splice(at, 1);
    if (held.length === 0) byClient.delete(client);
    open -= 1;
  };
  server.on('connection', (socket) => {
    const client = clientKey(socket.remoteAddress ?? '');
    const held = byClient.get(client) ?? [];
    if (held.length >= max) {
      socket.destroy();
      return;
    }
    if (open >= total) {
      let biggest;
      for (const [other, sockets] of byClient) if (!biggest || sockets.length > biggest[1].length) biggest = [other, sockets];
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

const PENDING = Symbol('answers pending on this connection');

/** One promise per answer, for all the requests waiting behind it (one listener pair, not one each). */
const settledAnswers = new WeakMap();
function settled(res) {
  let promise = settledAnswers.get(res);
  if (!promise) {
    promise = new Promise((resolve) => {
      res.once('finish', resolve);
      res.once('close', resolve);
    });
    settledAnswers.set(res, promise);
  }
  return promise;
}

/**
 * Wraps the server's request handler: a connection may have at most `max` answers pending (the one
 * being sent and those pipelined behind it); the request past that cuts the connection before
 * Fastify sees it. One write of 64 kB holds about 2,400 pipelined requests, which Node hands over
 * one after another in the same turn: counted only in a Fastify hook, each still went through the
 * framework first (one such connection held the event loop for about 0.8 s).
 * @param {(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => void} handler
 * @param {number} max
 */
export function pipeliningLimit(handler, max) {
  return (req, res) => {
    const socket = req.socket;
    const pending = (socket[PENDING] ?? 0) + 1;
    if (pending > max) {
      socket.destroy();
      return;
    }
    socket[PENDING] = pending;
    res.once('close', () => {
      socket[PENDING] -= 1;
    });
    handler(req, res);
  };
}

/**
 * Pipelined requests: Node runs each as it arrives, but sends the answers in order, so an answer
 * started early waits, with its file open, behind the one being sent. A client that pipelined many
 * requests and never read left one open file per request, even after it hung up (the queued
 * answers are never closed), until the process ran out of file descriptors. So a request waits for
 * its turn before anything is opened (how many may wait is `pipeliningLimit`'s count). Resolves
 * false when the connection is gone (nothing is to be sent).
 * @param {import('node:http').ServerResponse} res
 */
async function waitTurn(res) {
  const socket = res.req.socket;
  const aheadOf = () => {
    const ahead = socket._httpMessage;
    return ahead && ahead !== res && !ahead.writableFinished ? ahead : null;
  };
  for (let ahead = aheadOf(); ahead && !socket.destroyed; ahead = aheadOf()) await settled(ahead);
  return !socket.destroyed;
}

/**
 * Folders of the build (relative, deepest first) that hold a 404.html of their own: the not-found
 * pages of the older docs versions (site/config/notFoundPagesPlugin.ts).
 * @param {string} root
 * @returns {string[]}
 */
export function nestedNotFoundPages(root) {
  const out = [];
  const walk = (rel, depth) => {
    let entries;
    try {
      entries = fs.readdirSync(path.join(root, rel), { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      if (!e.isDirectory() || e.name === 'assets' || e.name.startsWith('.')) continue;
      const sub = rel ? `${rel}/${e.name}` : e.name;
      if (fs.existsSync(path.join(root, sub, '404.html'))) out.push(sub);
      if (depth < 3) walk(sub, depth + 1);
    }
  };
  walk('', 1);
  return out.sort((a, b) => b.length - a.length);
}

/** Most redirects a build may list; far more than the docs need (about 400), far less than memory allows. */
const MAX_REDIRECTS = 10_000;
const REDIRECT_PATH = /^\/[A-Za-z0-9._~@%/-]*$/;
/** A target may also name a section of its page. */
const REDIRECT_TARGET = /^\/[A-Za-z0-9._~@%/-]*(#[A-Za-z0-9_-]+)?$/;

/**
 * The build's `_redirects` (site/config/legacyRedirects.ts): `from to [301]` per line, `#` comments.
 * Only plain paths of this origin, no splats or placeholders; anything else stops the server with the
 * file's line, so a bad file is seen at start rather than as wrong answers.
 * @param {string} root the build
 * @returns {Map<string, string>} from (without a trailing slash) → to
 */
export function readRedirects(root) {
  const file = path.join(root, '_redirects');
  const redirects = new Map();
  if (!fs.existsSync(file)) return redirects;
  const lines = fs.readFileSync(file, 'utf8').split('\n');
  lines.forEach((line, i) => {
    const fields = line.trim().split(/\s+/);
    if (fields[0] === '' || fields[0].startsWith('#')) return;
    const where = `${file}:${i + 1}`;
    const [from, to, status = '301', ...rest] = fields;
    if (to === undefined || rest.length > 0) throw new Error(`${where}: expected "from to [301]", got ${JSON.stringify(line)}.`);
    if (status !== '301') throw new Error(`${where}: only 301 redirects are served, not ${status}.`);
    for (const [value, form] of [[from, REDIRECT_PATH], [to, REDIRECT_TARGET]]) {
      if (!form.test(value) || value.startsWith('//') || value.split('#')[0].split('/').some((s) => s === '.' || s === '..')) {
        throw new Error(`${where}: ${JSON.stringify(value)} is not a plain path of this site (no splats, placeholders or other origins).`);
      }
    }
    const key = from.length > 1 ? from.replace(/\/+$/, '') : from;
    if (redirects.has(key)) throw new Error(`${where}: ${from} is redirected twice.`);
    redirects.set(key, to);
    if (redirects.size > MAX_REDIRECTS) throw new Error(`${file}: more than ${MAX_REDIRECTS} redirects.`);
  });
  return redirects;
}

function isFileIn(root) {
  return (rel) => {
    try {
      return fs.statSync(path.join(root, rel)).isFile();
    } catch {
      return false;
    }
  };
}

/** The CSP of a build: from the manifest the build wrote, or computed now for an older build. */
function directivesFor(root, env) {
  const written = readSecurityHeaders(root);
  if (written) return written;
  const hosts = (env.SEARCH_HOSTS ?? 'http://127.0.0.1:7700,http://127.0.0.1:7701').split(',').map((h) => h.trim()).filter(Boolean);
  console.warn('site: the build has no .security-headers.json (built before the serving plugin); computing the CSP now.');
  return cspDirectives({ scriptHashes: buildScriptHashes(root), searchHosts: hosts });
}

/** Status and text for requests Node's parser refuses before Fastify sees them. */
const CLIENT_ERRORS = {
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request Timeout', 'Request timed out: it did not arrive in time.'],
  HPE_HEADER_OVERFLOW: [431, 'Request Header Fields Too Large', 'Request headers too large.'],
};

/**
 * Answers a request that Node's HTTP parser refused (malformed, headers over 16 kB, too slow),
 * written by hand since no response object exists yet, with the same security headers as every
 * other answer (Fastify's default handler sends none) and in plain text like the server's other errors.
 * A valid request pipelined before the bad one keeps its answer: the refusal is written once the
 * answers in flight on the connection are sent (Fastify's handler wrote over them and closed, so
 * the valid request got only the 400). A timeout is answered at once: the request in flight is the
 * one that did not arrive.
 * @param {NodeJS.ErrnoException} err
 * @param {import('node:net').Socket & { _httpMessage?: import('node:http').ServerResponse | null }} socket
 */
export function answerClientError(err, socket) {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, message] = CLIENT_ERRORS[err.code ?? ''] ?? [400, 'Bad Request', 'Bad request: malformed HTTP.'];
  const body = `${message}\n`;
  const send = () => {
    if (socket.destroyed) return;
    // As Node's own handler: never write a status line into an answer already on its way.
    if (socket.writable && !socket._httpMessage?.headersSent) {
      socket.write(
        `HTTP/1.1 ${status} ${reason}\r\n` +
          'Content-Type: text/plain; charset=utf-8\r\n' +
          `Content-Length: ${Buffer.byteLength(body)}\r\n` +
          'Cache-Control: no-store\r\n' +
          "Content-Security-Policy: default-src 'none'; frame-ancestors 'none'\r\n" +
          'X-Content-Type-Options: nosniff\r\n' +
          'X-Frame-Options: DENY\r\n' +
          `Referrer-Policy: ${REFERRER_POLICY}\r\n` +
          `Connection: close\r\n\r\n${body}`,
      );
    }
    socket.destroySoon();
  };
  // Each answer in flight, in order (the next queued one becomes `_httpMessage` once one is sent).
  // A client that stops reading is cut by the idle timeout meanwhile; the loop is bounded by the
  // pipelining limit (maxPipelined answers at most).
  const afterAnswers = () => {
    const ahead = socket._httpMessage;
    if (socket.destroyed) return;
    if (!ahead || ahead.writableFinished || status === 408) return send();
    let moved = false;
    const next = () => {
      if (moved) return;
      moved = true;
      setImmediate(afterAnswers);
    };
    ahead.once('finish', next);
    ahead.once('close', next);
  };
  afterAnswers();
}

/**
 * @param {{ root: string, limits?: Partial<typeof DEFAULT_LIMITS>, trustProxy?: boolean | number | string[],
 *   env?: Record<string, string | undefined>, logErrors?: boolean }} options
 * @returns {import('fastify').FastifyInstance} call `await app.listen({ port, host })`
 */
export function createSiteServer({ root: rootDir, limits: given = {}, trustProxy = false, env = process.env, logErrors = true }) {
  const root = path.resolve(rootDir);
  if (!fs.existsSync(path.join(root, 'index.html'))) {
    throw new Error(`No site build at ${root}: run "npm run build" first.`);
  }
  const limits = { ...DEFAULT_LIMITS, ...given };
  const directives = directivesFor(root, env);
  const isFile = isFileIn(root);
  const redirects = readRedirects(root);
  const text = (reply, status, message) =>
    reply.code(status).type('text/plain; charset=utf-8').header('cache-control', 'no-store').send(`${message}\n`);

  const app = Fastify({
    logger: false,
    trustProxy,
    return503OnClosing: true,
    forceCloseConnections: true,
    serverFactory(fastifyHandler) {
      const handler = pipeliningLimit(fastifyHandler, limits.maxPipelined + 1);
      const server = http.createServer(
        {
          headersTimeout: limits.headersTimeoutMs,
          requestTimeout: limits.requestTimeoutMs,
          // How often Node checks the two timeouts above: a fraction of them, so cuts are on time.
          connectionsCheckingInterval: Math.max(100, Math.min(1000, Math.floor(limits.headersTimeoutMs / 4))),
        },
        handler,
      );
      server.keepAliveTimeout = limits.keepAliveTimeoutMs;
      // The cap in all is kept by capConnectionsPerAddress, which makes room for a new client; Node's
      // own cap only bounds a burst that arrives before the connections closed for it are gone.
      server.maxConnections = limits.maxConnections + CLOSING_HEADROOM;
      capConnectionsPerAddress(server, limits.maxConnectionsPerAddress, limits.maxConnections);
      cutIdleConnections(server, limits.idleTimeoutMs);
      return server;
    },
    clientErrorHandler: answerClientError,
    // A URL the router cannot decode is the client's mistake.
    frameworkErrors(error, request, reply) {
      text(reply, 400, 'Bad request: malformed URL.');
    },
  });

  app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: REFERRER_POLICY },
    // Sent only on HTTPS (below); on plain HTTP it means nothing and breaks local use.
    hsts: false,
  });

  app.register(underPressure, {
    maxEventLoopDelay: limits.maxEventLoopDelayMs,
    maxHeapUsedBytes: limits.maxHeapUsedBytes,
    retryAfter: limits.retryAfterSeconds,
    // Sampled often enough to react within about a second, yet over many 10 ms ticks each time.
    sampleInterval: Math.max(100, Math.min(1000, limits.maxEventLoopDelayMs)),
    pressureHandler(request, reply) {
      reply.code(503).header('retry-after', String(limits.retryAfterSeconds)).header('cache-control', 'no-store');
      reply.type('text/plain; charset=utf-8');
      return 'Service unavailable: the server is overloaded. Retry shortly.\n';
    },
  });

  app.register(fastifyStatic, {
    root,
    wildcard: true,
    redirect: false,
    index: ['index.html'],
    extensions: ['html'],
    preCompressed: true,
    dotfiles: 'ignore',
    cacheControl: false,
    setHeaders(reply, filePath) {
      reply.header('cache-control', cacheControlFor(path.relative(root, filePath).split(path.sep).join('/')));
    },
  });

  // Registered after helmet (and not encapsulated: the skip-override symbol is what fastify-plugin
  // sets), so its early answers (405, 400, redirects) carry the security headers too.
  const guard = async (instance) => {
    instance.addHook('onRequest', async (request, reply) => {
      if (!(await waitTurn(reply.raw))) return reply.hijack();
      reply.header('permissions-policy', PERMISSIONS_POLICY);
      if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        reply.header('allow', 'GET, HEAD');
        return text(reply, 405, `Method ${request.method} not allowed: this server only reads.`);
      }
      const route = routeRequest(request.raw.url ?? '/', isFile, redirects);
      if (route.action === 'bad') return text(reply, 400, `Bad request: ${route.message}`);
      if (route.action === 'redirect') {
        return reply.code(301).header('cache-control', 'public, max-age=3600').header('location', route.location).send();
      }
      if (route.action === 'notFound') return notFound(request, reply);
    });
  };
  guard[Symbol.for('skip-override')] = true;
  app.register(guard);

  const notFoundPages = nestedNotFoundPages(rootDir);
  function notFound(request, reply) {
    // The nearest 404.html above the path (docs/v10/404.html for /docs/v10/…, rendered inside that
    // docs version, so it hydrates as the browser renders it), else the site's. With status 404,
    // revalidated every time and never a 304 or a range of it.
    const url = request.raw.url ?? '/';
    // Decoded, so /docs/%7610/x (an encoded "v") is inside 10.x too; undecodable stays as it came.
    let pathname = url.split('?')[0];
    try {
      pathname = decodeURIComponent(pathname);
    } catch {}
    const dir = notFoundPages.find((d) => pathname.startsWith(`/${d}/`));
    // The client's conditions were about the page it asked for, not this one: `If-None-Match: *`
    // made @fastify/send answer an empty "not modified", and `If-Match` a 412.
    for (const name of ['if-none-match', 'if-modified-since', 'if-match', 'if-unmodified-since', 'if-range', 'range']) delete request.raw.headers[name];
    return reply.code(404).sendFile(dir ? `${dir}/404.html` : '404.html', { etag: false, lastModified: false, acceptRanges: false });
  }
  app.setNotFoundHandler((request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      reply.header('allow', 'GET, HEAD');
      return text(reply, 405, `Method ${request.method} not allowed: this server only reads.`);
    }
    return notFound(request, reply);
  });

  app.setErrorHandler((error, request, reply) => {
    // A path @fastify/static will not serve (one it cannot check, an alias) is not a page of the site.
    if (error.code === 'ENAMETOOLONG' || error.code === 'ENOTDIR' || error.code === 'FST_STATIC_FORBIDDEN_PATH') return notFound(request, reply);
    const status = Number(error.statusCode) >= 400 && Number(error.statusCode) < 500 ? Number(error.statusCode) : 500;
    if (status === 500 && logErrors) console.error(`site: ${request.method} ${JSON.stringify(request.raw.url)}: ${error.stack ?? error}`);
    if (status === 416 && error.headers?.['Content-Range']) reply.header('content-range', error.headers['Content-Range']);
    return text(reply, status, `${status} ${http.STATUS_CODES[status] ?? 'Error'}`);
  });

  return app;
}
