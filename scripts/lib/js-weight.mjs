// The JavaScript a first visit to a page loads, and the budgets it is held to. Used by
// `npm run bench:pages` (scripts/bench-pages.mjs) and by the e2e budget test (e2e/tests/budgets.spec.ts).
//
// The page is loaded once in a fresh browser context (no cache, no storage) and every script response
// body is gzip-compressed on its own with zlib level 9. Transfer sizes are not used: the static server
// answers Brotli to Chromium, and transfer sizes include headers, so they would not compare with a
// gzip baseline.
import zlib from 'node:zlib';

/** JavaScript of a first visit to a bare Docusaurus 3 doc page, gzip (toolchain notes). kB = 1000 bytes. */
export const BASELINE_JS_KB = 176;
/** Allowed growth over the baseline, per page. */
export const JS_BUDGETS = { '/docs/': 1.1, '/': 1.15 };

/**
 * @param {import('playwright-core').Browser} browser
 * @param {string} url
 */
export async function jsWeight(browser, url) {
  const context = await browser.newContext(); // fresh: empty cache, no service worker, no storage
  const page = await context.newPage();
  const pending = [];
  page.on('response', (response) => {
    const request = response.request();
    const type = request.resourceType();
    const isJs = type === 'script' || (type === 'other' && /\.m?js(\?|$)/.test(new URL(response.url()).pathname));
    if (!isJs || response.status() !== 200) return;
    // Chromium keeps no body for <link rel="prefetch"> responses: fetch those bytes again.
    const bytes = type === 'script' ? response.body() : context.request.get(response.url()).then((r) => r.body());
    pending.push(
      bytes
        .then((body) => ({
          url: response.url(),
          // A script the page runs, or a chunk prefetched for a later navigation (<link rel="prefetch">).
          kind: type === 'script' ? 'loaded' : 'prefetched',
          raw: body.length,
          gzip: zlib.gzipSync(body, { level: 9 }).length,
        }))
        .catch(() => null),
    );
  });
  try {
    const response = await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    if (!response?.ok()) throw new Error(`${url} answered ${response?.status()}`);
    await page.waitForLoadState('networkidle', { timeout: 30_000 }).catch(() => {});
    const files = (await Promise.all(pending)).filter(Boolean);
    const seen = new Set();
    const unique = files.filter((f) => (seen.has(f.url) ? false : seen.add(f.url)));
    const sum = (kind, key) => unique.filter((f) => f.kind === kind).reduce((s, f) => s + f[key], 0);
    return {
      loaded: { count: unique.filter((f) => f.kind === 'loaded').length, raw: sum('loaded', 'raw'), gzip: sum('loaded', 'gzip') },
      prefetched: { count: unique.filter((f) => f.kind === 'prefetched').length, gzip: sum('prefetched', 'gzip') },
      largest: unique
        .filter((f) => f.kind === 'loaded')
        .sort((a, b) => b.gzip - a.gzip)
        .slice(0, 3)
        .map((f) => `${new URL(f.url).pathname.split('/').pop()} ${(f.gzip / 1000).toFixed(1)} kB`),
    };
  } finally {
    await context.close();
  }
}
