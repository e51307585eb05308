import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '../support/test';
import { BASE_URL } from '../support/env';
import { type PrivateSearch, startPrivateSearch } from '../support/search';

// axe-core with the WCAG 2.0, 2.1 and 2.2 A/AA rules, on the key pages of the production build, in
// light and dark mode. A failure lists every violation with its rule, the elements and the fix.
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

const PAGES = [
  '/',
  '/pricing',
  '/media',
  '/blog/announcing-trpc-10',
  '/docs/',
  '/docs/quickstart',
  // Highlighted code lines (their tint under every token colour) and a task list (named checkboxes).
  '/docs/migrate-from-v10-to-v11',
  '/search?q=router',
  // One generated API page (docs/typedoc/server/…), found in the build's sitemap.
  'typedoc',
];
const MODES = ['light', 'dark'] as const;


/** The first generated page for @trpc/server that documents one symbol (not a module index). */
async function typedocPage(page: Page): Promise<string> {
  const response = await page.request.get('/sitemap.xml');
  expect(response.ok(), 'the build has a sitemap').toBe(true);
  const paths = [...(await response.text()).matchAll(/<loc>([^<]+)<\/loc>/g)]
    .map((m) => new URL(m[1]!).pathname)
    .filter((p) => p.startsWith('/docs/typedoc/server/'))
    .sort();
  const symbol = paths.find((p) => /\/(functions|type-aliases|interfaces|classes|variables)\//.test(p)) ?? paths[0];
  expect(symbol, 'the build has generated API pages under /docs/typedoc/server/').toBeTruthy();
  return symbol!;
}

// ---------------------------------------------------------------------------------------------
// The /search page needs the search service. Each run indexes this build and starts its own replica
// on a free port, and the page's requests to the build's search hosts (the defaults, 127.0.0.1:7700
// and :7701) are sent to it: replicas that other tests start and stop on those ports cannot
// interfere, and the results are those of the build under test.

let search: PrivateSearch | undefined;

test.afterAll(async () => {
  search?.stop();
  search = undefined;
});

// ---------------------------------------------------------------------------------------------

async function visit(page: Page, target: string, mode: (typeof MODES)[number], status = 200): Promise<void> {
  if (target.startsWith('/search')) {
    search ??= await startPrivateSearch(BASE_URL);
    await search.route(page);
  }
  // The stored choice wins over the system preference; set both so they agree.
  await page.emulateMedia({ colorScheme: mode, reducedMotion: 'reduce' });
  await page.addInitScript((theme) => window.localStorage.setItem('theme', theme), mode);
  const response = await page.goto(target);
  expect(response?.status(), `${target} answers ${status}`).toBe(status);
  await expect(page.locator('html')).toHaveAttribute('data-theme', mode);
  await expect(page.locator('html')).toHaveAttribute('data-has-hydrated', 'true');
  if (target.startsWith('/search')) {
    // Check the page with its results, not its loading or empty state. The private search service
    // of this worker answers its first query while it warms up: on a loaded CI machine that took
    // longer than the default wait.
    await expect(page.locator('main article').first()).toBeVisible({ timeout: 30_000 });
  }
  await page.waitForLoadState('networkidle');
}

/** One line per violation and element: rule, impact, target, what to fix, where to read. */
function violationLines(violations: Awaited<ReturnType<AxeBuilder['analyze']>>['violations']): string[] {
  return violations.flatMap((v) =>
    v.nodes.map(
      (n) =>
        `${v.id} [${v.impact}] ${n.target.join(' >> ')}: ${v.help} (${v.helpUrl.replace(/\?.*$/, '')})` +
        (n.failureSummary ? `\n    ${n.failureSummary.replace(/\s*\n\s*/g, ' ')}` : ''),
    ),
  );
}

// Pages also held to axe's best-practice rules of "moderate" impact and above (landmarks, unique
// landmark names, one main, heading order): the search page, a blog post with its table of contents,
// the blog archive (the theme's had a second banner landmark and h3s under its h1), a doc page and
// the 404 page.
const MODERATE_PAGES = ['/search?q=router', '/blog/trpc-actions', '/blog/archive', '/docs/server/routers', '/404-page-that-is-not-here'];

for (const target of MODERATE_PAGES) {
  test(`${target} has no axe findings of moderate impact or worse, best practices included`, async ({ page }) => {
    if (target.startsWith('/search')) test.setTimeout(90_000);
    await visit(page, target, 'light', target.startsWith('/404') ? 404 : 200);
    const results = await new AxeBuilder({ page }).withTags([...WCAG_TAGS, 'best-practice']).analyze();
    const serious = results.violations.filter((v) => ['moderate', 'serious', 'critical'].includes(v.impact ?? ''));
    expect(violationLines(serious), `axe findings on ${target}`).toEqual([]);
  });
}

for (const target of PAGES) {
  for (const mode of MODES) {
    const name = target === 'typedoc' ? 'a generated API page' : target;
    test(`${name} in ${mode} mode has no WCAG A/AA violations`, async ({ page }) => {
      // The search page first indexes the build and starts a replica: allow for a busy machine.
      if (target.startsWith('/search')) test.setTimeout(90_000);
      const url = target === 'typedoc' ? await typedocPage(page) : target;
      await visit(page, url, mode);
      const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
      expect(results.passes.length, 'axe ran its rules').toBeGreaterThan(0);
      expect(violationLines(results.violations), `axe violations on ${url} (${mode})`).toEqual([]);
    });
  }
}
