// The site's security headers, decided once when the site builds and used twice: by our server
// (scripts/lib/static-server.mjs, through @fastify/helmet) and by static hosts (the `_headers` file
// that Netlify and Cloudflare Pages read). The Content-Security-Policy allows exactly the inline
// scripts the build emitted (their sha256 hashes, read from every HTML file) and connects only to the
// configured search hosts.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** Written next to the build; a dotfile, so the server never serves it. */
export const MANIFEST = '.security-headers.json';

/** Script types a browser runs; data blocks (application/ld+json) are not scripts to CSP. */
const RUNNABLE = new Set(['', 'text/javascript', 'application/javascript', 'module']);

function attr(attrs, name) {
  const m = attrs.match(new RegExp(`(?:^|\\s)${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s"'>]+))`, 'i'));
  if (!m) return /** @type {string | null} */ (new RegExp(`(?:^|\\s)${name}(?:\\s|$)`, 'i').test(attrs) ? '' : null);
  return m[1] ?? m[2] ?? m[3] ?? '';
}

/** The sha256 CSP sources of the runnable inline scripts of one HTML document. */
export function inlineScriptHashes(html) {
  const hashes = new Set();
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const attrs = m[1];
    if (attr(attrs, 'src') !== null) continue;
    const type = (attr(attrs, 'type') ?? '').trim().toLowerCase();
    if (!RUNNABLE.has(type)) continue;
    hashes.add(`'sha256-${crypto.createHash('sha256').update(m[2], 'utf8').digest('base64')}'`);
  }
  return hashes;
}

function htmlFiles(dir, out = []) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) htmlFiles(full, out);
    else if (entry.name.endsWith('.html')) out.push(full);
  }
  return out;
}

/** Every inline script hash of every page of a build, sorted (so the header is stable). */
export function buildScriptHashes(buildDir) {
  const all = new Set();
  for (const file of htmlFiles(buildDir)) for (const h of inlineScriptHashes(fs.readFileSync(file, 'utf8'))) all.add(h);
  return [...all].sort();
}

const origin = (url) => new URL(url).origin;

/**
 * CSP directives (helmet's shape: name → list of sources).
 * @param {{ scriptHashes: string[], searchHosts: string[], scriptUrls?: string[], analytics?: boolean }} input
 */
export function cspDirectives({ scriptHashes, searchHosts, scriptUrls = [], analytics = false }) {
  const ga = analytics ? ['https://www.googletagmanager.com'] : [];
  const gaConnect = analytics ? ['https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://www.googletagmanager.com'] : [];
  const uniq = (list) => [...new Set(list)];
  return {
    'default-src': ["'self'"],
    'script-src': uniq(["'self'", ...scriptHashes, ...ga, ...scriptUrls.map(origin)]),
    // React renders `style` attributes into the server-side HTML (SVG sprites, the browser warning,
    // components' inline styles), and CSP hashes do not cover style attributes without
    // 'unsafe-hashes' and one hash per distinct value. Styles cannot run code, so this is the usual
    // trade-off; scripts stay hash-locked.
    'style-src': ["'self'", "'unsafe-inline'"],
    // Infima and DocSearch draw icons with data: SVGs in CSS.
    'img-src': uniq(["'self'", 'data:', ...ga, ...(analytics ? ['https://*.google-analytics.com'] : [])]),
    'font-src': ["'self'"],
    'connect-src': uniq(["'self'", ...searchHosts.map(origin), ...gaConnect]),
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
}

export function cspString(directives) {
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}

/** Features the site never uses; denying them keeps embedded or injected code from asking. */
export const PERMISSIONS_POLICY = 'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()';
export const REFERRER_POLICY = 'strict-origin-when-cross-origin';
export const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Every security header of a page, as our server sends it (helmet's defaults included), so the
 * static-host file gives the same protection.
 * @param {Record<string, string[]>} directives @param {{ https: boolean }} options
 */
export function securityHeaders(directives, { https }) {
  return {
    'Content-Security-Policy': cspString(directives),
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Resource-Policy': 'same-origin',
    'Origin-Agent-Cluster': '?1',
    'Referrer-Policy': REFERRER_POLICY,
    'Permissions-Policy': PERMISSIONS_POLICY,
    ...(https ? { 'Strict-Transport-Security': HSTS } : {}),
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'X-Permitted-Cross-Domain-Policies': 'none',
  };
}

/** The `_headers` file (Netlify, Cloudflare Pages): security headers everywhere, caching by path. */
export function headersFile(directives, { https }) {
  const lines = ['# Written by the site build (scripts/lib/security-headers.mjs); do not edit.', '/*'];
  for (const [name, value] of Object.entries(securityHeaders(directives, { https }))) lines.push(`  ${name}: ${value}`);
  lines.push('/assets/*', '  Cache-Control: public, max-age=31536000, immutable', '');
  return lines.join('\n');
}

/**
 * Computes the policy from a finished build and writes `_headers` and the manifest our server reads.
 * @param {string} buildDir
 * @param {{ searchHosts: string[], scriptUrls?: string[], analytics?: boolean, https?: boolean }} config
 */
export function writeSecurityHeaders(buildDir, config) {
  const scriptHashes = buildScriptHashes(buildDir);
  const directives = cspDirectives({ ...config, scriptHashes });
  const https = Boolean(config.https);
  const file = headersFile(directives, { https });
  // Cloudflare Pages ignores a header line longer than 2,000 characters.
  const longest = Math.max(...file.split('\n').map((l) => l.length));
  if (longest > 2000) throw new Error(`_headers: a line is ${longest} characters; static hosts cut at 2,000 (too many inline scripts?)`);
  fs.writeFileSync(path.join(buildDir, '_headers'), file);
  fs.writeFileSync(path.join(buildDir, MANIFEST), JSON.stringify({ directives, scriptHashes: scriptHashes.length }, null, 2) + '\n');
  return { directives, scriptHashes };
}

/** The directives a build was written with; null when the build has no manifest. */
export function readSecurityHeaders(buildDir) {
  const file = path.join(buildDir, MANIFEST);
  if (!fs.existsSync(file)) return null;
  return JSON.parse(fs.readFileSync(file, 'utf8')).directives;
}
