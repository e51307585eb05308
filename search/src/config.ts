/**
 * Command-line flags and environment variables, with working defaults. Flags win over variables.
 * Relative default paths are resolved against this package, so commands work from any folder.
 */
import { isIP } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const PACKAGE_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const DEFAULT_INDEX_FILE = path.join(PACKAGE_DIR, 'data', 'index.json');
export const DEFAULT_BUILD_DIR = path.resolve(PACKAGE_DIR, '..', 'site', 'build');

export class ConfigError extends Error {}

/** npm runs workspace scripts inside the package; relative paths given by the user mean their folder. */
const USER_CWD = process.env.INIT_CWD ?? process.cwd();
const resolvePath = (p: string) => path.resolve(USER_CWD, p);

export interface ServeConfig {
  port: number;
  host: string;
  indexFile: string;
  appId: string;
  apiKey: string;
  indexName: string;
  /** `*` or a list of exact origins. */
  allowedOrigins: '*' | string[];
  /** When set, record URLs are rewritten to this origin at load. */
  siteUrl: string | null;
  quiet: boolean;
  maxBodyBytes: number;
  maxBatch: number;
  /** Requests per client address per minute; 0 = no rate limit. */
  rateLimit: number;
  maxConnections: number;
  /** Threads answering readers' searches beside the event loop; 0 answers them on the event loop. */
  readerThreads: number;
  /**
   * Behind a reverse proxy: which proxies to believe about the client's address (X-Forwarded-For),
   * so that per-address limits count readers, not the proxy. false: none (the default); true: any;
   * a number: that many hops; a list: those addresses or CIDR ranges.
   */
  trustProxy: boolean | number | string[];
}

export interface IndexConfig {
  buildDir: string;
  out: string;
  siteUrl: string;
  quiet: boolean;
}

type Flags = Map<string, string | true>;

/** `--name value`, `--name=value` and bare `--flag`. */
export function parseFlags(argv: string[]): Flags {
  const flags: Flags = new Map();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (!arg.startsWith('--')) throw new ConfigError(`Unexpected argument "${arg}"`);
    const eq = arg.indexOf('=');
    if (eq > 0) {
      flags.set(arg.slice(2, eq), arg.slice(eq + 1));
    } else {
      const next = argv[i + 1];
      if (next !== undefined && !next.startsWith('--')) {
        flags.set(arg.slice(2), next);
        i += 1;
      } else {
        flags.set(arg.slice(2), true);
      }
    }
  }
  return flags;
}

type Env = Record<string, string | undefined>;

function pick(flags: Flags, name: string, env: Env, variable: string): string | undefined {
  const f = flags.get(name);
  if (f === true) throw new ConfigError(`--${name} needs a value`);
  if (f !== undefined) return f;
  const v = env[variable];
  return v === undefined || v.trim() === '' ? undefined : v.trim();
}

function bool(flags: Flags, name: string, env: Env, variable: string): boolean {
  if (flags.get(name) === true || flags.get(name) === 'true') return true;
  const v = env[variable];
  return v === '1' || v === 'true';
}

export function originOf(name: string, value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(`${name} must be an absolute http(s) URL, got "${value}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ConfigError(`${name} must use http or https, got "${value}"`);
  return url.origin;
}

function token(name: string, value: string): string {
  if (/\s/.test(value)) throw new ConfigError(`${name} must not contain white space`);
  return value;
}

const KNOWN_SERVE = new Set(['port', 'host', 'index', 'app-id', 'api-key', 'index-name', 'allowed-origins', 'site-url', 'quiet', 'max-body-bytes', 'max-batch', 'rate-limit', 'max-connections', 'reader-threads', 'trust-proxy']);
const KNOWN_INDEX = new Set(['build', 'out', 'site-url', 'quiet']);

function checkKnown(flags: Flags, known: Set<string>, command: string): void {
  for (const name of flags.keys()) if (!known.has(name)) throw new ConfigError(`Unknown option --${name} for "${command}"`);
}

function integer(name: string, value: string, min: number, max: number): number {
  if (!/^\d+$/.test(value) || Number(value) < min || Number(value) > max) {
    throw new ConfigError(`${name} must be an integer from ${min} to ${max}, got "${value}"`);
  }
  return Number(value);
}

/**
 * Reader threads by default: two where the machine has two cores or more. Measured on two shared
 * cores at 64 connections under attack (bench/http.ts, medians of 3, alternating): one thread
 * 1,016-1,127 req/s, readers' p99 98-123 ms; two threads 1,432-1,537 req/s, p99 78-81 ms; each
 * thread holds a copy of the index (about 140 MB resident for the site's 7,258 records).
 */
export const DEFAULT_READER_THREADS = Math.max(1, Math.min(2, os.availableParallelism()));

export function serveConfig(argv: string[], env: Env): ServeConfig {
  const flags = parseFlags(argv);
  checkKnown(flags, KNOWN_SERVE, 'serve');
  const origins = pick(flags, 'allowed-origins', env, 'SEARCH_ALLOWED_ORIGINS') ?? '*';
  const siteUrl = pick(flags, 'site-url', env, 'SITE_URL');
  return {
    port: integer('port (SEARCH_PORT)', pick(flags, 'port', env, 'SEARCH_PORT') ?? '7700', 0, 65535),
    host: pick(flags, 'host', env, 'SEARCH_HOST') ?? '127.0.0.1',
    indexFile: resolvePath(pick(flags, 'index', env, 'SEARCH_INDEX_FILE') ?? DEFAULT_INDEX_FILE),
    appId: token('app id (SEARCH_APP_ID)', pick(flags, 'app-id', env, 'SEARCH_APP_ID') ?? 'TRPCLOCAL'),
    apiKey: token('api key (SEARCH_API_KEY)', pick(flags, 'api-key', env, 'SEARCH_API_KEY') ?? 'trpc-public-search-key'),
    indexName: pick(flags, 'index-name', env, 'SEARCH_INDEX') ?? 'trpc-docs',
    allowedOrigins:
      origins === '*' ? '*' : origins.split(',').map((o) => o.trim()).filter(Boolean).map((o) => originOf('allowed origin', o)),
    siteUrl: siteUrl ? originOf('site URL (SITE_URL)', siteUrl) : null,
    quiet: bool(flags, 'quiet', env, 'SEARCH_QUIET'),
    maxBodyBytes: integer('max body bytes', pick(flags, 'max-body-bytes', env, 'SEARCH_MAX_BODY_BYTES') ?? '102400', 1024, 10 * 1024 * 1024),
    maxBatch: integer('max batch', pick(flags, 'max-batch', env, 'SEARCH_MAX_BATCH') ?? '50', 1, 1000),
    rateLimit: integer('rate limit (SEARCH_RATE_LIMIT)', pick(flags, 'rate-limit', env, 'SEARCH_RATE_LIMIT') ?? '1200', 0, 1_000_000),
    maxConnections: integer('max connections (SEARCH_MAX_CONNECTIONS)', pick(flags, 'max-connections', env, 'SEARCH_MAX_CONNECTIONS') ?? '1024', 1, 1_000_000),
    readerThreads: integer('reader threads (SEARCH_READER_THREADS)', pick(flags, 'reader-threads', env, 'SEARCH_READER_THREADS') ?? String(DEFAULT_READER_THREADS), 0, 16),
    trustProxy: trustProxy(pick(flags, 'trust-proxy', env, 'SEARCH_TRUST_PROXY')),
  };
}

/**
 * `--trust-proxy` / SEARCH_TRUST_PROXY: unset or `false`, `true`, a hop count, or a comma-separated
 * list of proxy addresses and CIDR ranges. Anything else is refused with the value named, rather
 * than trusting more (or less) than meant.
 */
export function trustProxy(value: string | undefined): boolean | number | string[] {
  const what = 'trust proxy (SEARCH_TRUST_PROXY)';
  if (value === undefined || value === '' || value === 'false' || value === '0') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return integer(what, value, 1, 64);
  const list = value.split(',').map((s) => s.trim());
  for (const entry of list) {
    const [address, bits, ...rest] = entry.split('/');
    const family = isIP(address ?? '');
    const max = family === 6 ? 128 : 32;
    const badBits = bits !== undefined && !(/^\d{1,3}$/.test(bits) && Number(bits) <= max);
    if (family === 0 || badBits || rest.length > 0) {
      throw new ConfigError(`${what} must be true, false, a hop count or a comma-separated list of IP addresses or CIDR ranges; got ${JSON.stringify(entry.slice(0, 80))}`);
    }
  }
  return list;
}

export function indexConfig(argv: string[], env: Env): IndexConfig {
  const flags = parseFlags(argv);
  checkKnown(flags, KNOWN_INDEX, 'index');
  return {
    buildDir: resolvePath(pick(flags, 'build', env, 'SEARCH_BUILD_DIR') ?? DEFAULT_BUILD_DIR),
    out: resolvePath(pick(flags, 'out', env, 'SEARCH_INDEX_FILE') ?? DEFAULT_INDEX_FILE),
    siteUrl: originOf('site URL (SITE_URL)', pick(flags, 'site-url', env, 'SITE_URL') ?? 'http://localhost:3000'),
    quiet: bool(flags, 'quiet', env, 'SEARCH_QUIET'),
  };
}
