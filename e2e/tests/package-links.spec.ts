import fs from 'node:fs';
import path from 'node:path';
import { UNCOVERED } from '../../site/config/anchorAliases';
import { NO_PAGE } from '../../site/config/legacyRedirects';
import { expect, test } from '../support/test';

// The @trpc packages link to the docs from their JSDoc (`@see https://trpc.io/docs/…`, which editors show
// on hover), their READMEs (npm's package pages) and, from 11.25, the agent skills they ship. Every one
// must reach a page of this site: directly, or through the build's redirects
// (site/config/legacyRedirects.ts) for /docs/v11/… addresses, flat old addresses and renamed pages;
// the few with no page here are listed in NO_PAGE with the reason. Before those redirects, 37 of the
// 83 addresses in the packages' code answered 404.

const root = path.resolve(__dirname, '../..');
const LINK = /https?:\/\/(?:www\.)?trpc\.io(\/docs[A-Za-z0-9/_.-]*)(#[A-Za-z0-9_-]+)?/g;

/** The anchored links (`/docs/x#anchor`) found with the paths. */
const anchored = new Set<string>();

/** The docs paths linked from the files of a package folder (its own files, not its dependencies). */
function linkedPaths(dir: string, into: Set<string>): void {
  if (!fs.existsSync(dir)) return;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules') linkedPaths(file, into);
    } else if (/\.(d\.[cm]?ts|[cm]?js|ts|md)$/.test(entry.name)) {
      for (const [, p, hash] of fs.readFileSync(file, 'utf8').matchAll(LINK)) {
        // A link at the end of a sentence ("…/setup.") does not end with the dot.
        const clean = p!.replace(/[./]+$/, '') || '/docs';
        into.add(clean);
        if (hash) anchored.add(clean + hash);
      }
    }
  }
}

const installed = new Set<string>();
for (const dir of ['node_modules/@trpc', 'examples/v10/node_modules/@trpc', 'examples/v9/node_modules/@trpc']) linkedPaths(path.join(root, dir), installed);
const newer = new Set<string>();
const fixture = JSON.parse(fs.readFileSync(path.join(__dirname, '../fixtures/package-doc-links.json'), 'utf8')) as { links: Record<string, string[]> };
for (const links of Object.values(fixture.links)) {
  for (const link of links) {
    const url = new URL(link);
    newer.add(url.pathname.replace(/\/+$/, ''));
    if (url.hash) anchored.add(url.pathname.replace(/\/+$/, '') + url.hash);
  }
}

for (const [name, paths] of [
  ['the installed 9.x, 10.x and 11.x packages', installed],
  ['the newest packages on the registry (fixture)', newer],
] as const) {
  test(`every docs address that ${name} link to reaches a page`, async ({ request }) => {
    // The 11.19.0, 10.45.4 and 9.x packages link to about 70 addresses; finding few means the scan broke.
    expect(paths.size, 'docs addresses found').toBeGreaterThan(name.startsWith('the installed') ? 50 : 20);
    const broken: string[] = [];
    const stale: string[] = [];
    for (const p of [...paths].sort()) {
      const response = await request.get(p);
      const landed = new URL(response.url()).pathname;
      if (p in NO_PAGE) {
        if (response.status() !== 404) stale.push(`${p}: ${response.status()}`);
      } else if (response.status() !== 200) broken.push(`${p}: ${response.status()}`);
      else if (!landed.startsWith('/docs')) broken.push(`${p}: landed on ${landed}`);
    }
    expect(broken).toEqual([]);
    expect(stale, 'listed in NO_PAGE, but a page answers now: remove them from NO_PAGE').toEqual([]);
  });
}

test('every #anchor a package link names is on the page it lands on (config/anchorAliases.ts), but the few listed as uncovered', async ({ request }) => {
  expect(anchored.size, 'anchored links found').toBeGreaterThan(60);
  const missing: string[] = [];
  const stale: string[] = [];
  const pages = new Map<string, string>();
  for (const link of [...anchored].sort()) {
    const [p, id] = link.split('#') as [string, string];
    if (p in NO_PAGE) continue;
    if (!pages.has(p)) pages.set(p, await (await request.get(p)).text());
    const has = new RegExp(`\\sid="?${id}["\\s>]`).test(pages.get(p)!);
    if (link in UNCOVERED) {
      if (has) stale.push(link);
    } else if (!has) missing.push(link);
  }
  expect(missing, 'anchors missing on their page').toEqual([]);
  expect(stale, 'listed as uncovered, but the page has the anchor now: remove them from UNCOVERED').toEqual([]);
});

test('a package link with an anchor alias scrolls to the heading below it', async ({ page }) => {
  await page.goto('/docs/client/tanstack-react-query/usage#queryKey');
  const heading = page.locator('h2#query-keys-and-filters');
  await expect(heading).toBeInViewport();
  // Not hidden under the sticky navbar.
  const navBottom = await page.locator('nav.navbar').evaluate((el) => el.getBoundingClientRect().bottom);
  expect((await heading.boundingBox())!.y).toBeGreaterThanOrEqual(navBottom - 1);
});

test('an old address keeps its #anchor through the redirect', async ({ page }) => {
  await page.goto('/docs/v11/server/error-handling#error-codes');
  await expect(page).toHaveURL(/\/docs\/server\/error-handling#error-codes$/);
  await expect(page.locator('#error-codes')).toBeInViewport();
});
