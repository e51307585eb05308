import { expect, test, type Page } from '../support/test';
import { BASE_URL } from '../support/env';
import { usePrivateSearch } from '../support/search';

// Key pages of the production build log no console errors or warnings from the page, throw no
// uncaught exceptions, and make no request that fails or answers an error status: the
// `throwOnConsole` check of Docusaurus's own screenshot tests. Nothing is ignored.

const PAGES = [
  '/',
  '/pricing',
  '/media',
  '/blog',
  '/blog/announcing-trpc-10',
  '/docs/',
  '/docs/quickstart',
  '/docs/v10/',
  '/search?q=router',
];


// ---------------------------------------------------------------------------------------------
// The search UIs need the search service. Each run indexes this build and starts its own replica on
// a free port, and the page's requests to the build's search hosts (the defaults, 127.0.0.1:7700 and
// :7701) are sent to it: replicas that other tests start and stop on those ports cannot interfere.

const search = usePrivateSearch(BASE_URL);

// ---------------------------------------------------------------------------------------------

/**
 * Records everything that goes wrong on the page from now on; call the result for the list. The one
 * exception is the search client's failover: it aborts a query that exceeds its timeout and sends it
 * to the next host (the way Algolia's clients work), which on a loaded machine can happen to a cold
 * replica's first query. An aborted search request counts unless a search answered after it.
 */
async function watch(page: Page): Promise<() => string[]> {
  const problems: string[] = [];
  let abortedSearches: string[] = [];
  await search().route(page);
  page.on('console', (msg) => {
    if (msg.type() === 'error' || msg.type() === 'warning') {
      const where = msg.location().url ? ` (${msg.location().url}:${msg.location().lineNumber})` : '';
      problems.push(`console.${msg.type()}: ${msg.text()}${where}`);
    }
  });
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  const isSearch = (url: string) => new URL(url).pathname === '/1/indexes/*/queries';
  page.on('requestfailed', (request) => {
    const problem = `request failed: ${request.method()} ${request.url()} (${request.failure()?.errorText})`;
    if (isSearch(request.url()) && request.failure()?.errorText === 'net::ERR_ABORTED') abortedSearches.push(problem);
    else problems.push(problem);
  });
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`HTTP ${response.status()}: ${response.request().method()} ${response.url()}`);
    else if (isSearch(response.url())) abortedSearches = [];
  });
  return () => [...problems, ...abortedSearches];
}

/** Waits for hydration and for the network to settle, so late errors are caught too. */
async function settle(page: Page): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('data-has-hydrated', 'true');
  await page.waitForLoadState('networkidle');
}

for (const target of PAGES) {
  test(`${target} loads without console errors or failed requests`, async ({ page }) => {
    const problems = await watch(page);
    const response = await page.goto(target);
    expect(response?.status()).toBe(200);
    await settle(page);
    if (target.startsWith('/search')) await expect(page.locator('main article').first()).toBeVisible();
    // Scrolling to the end brings lazy images and prefetches of the links in view.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.waitForLoadState('networkidle');
    expect(problems(), `problems on ${target}`).toEqual([]);
  });
}

// A miss inside an older docs version is rendered by the browser inside that version (its navbar
// shows 10.x); the server's page for it must be rendered there too, or React throws the HTML away
// (error #418) and renders again.
for (const [missing, label] of [
  ['/docs/v10/router', '10.x'],
  ['/docs/v10/client/links/httpSubscriptionLink', '10.x'],
  ['/docs/v9/server/routers', '9.x'],
  ['/docs/no-such-page', '11.x'],
  ['/no/such-page', '11.x'],
] as const) {
  test(`${missing} answers 404 and hydrates without errors, in ${label}`, async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const problems = await watch(page);
    const response = await page.goto(missing);
    expect(response?.status()).toBe(404);
    await settle(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
    await expect(page.locator('.navbar .dropdown > .navbar__link').first()).toHaveText(label);
    // Rendered inside the docs' layout, the page kept only the site's name as its title.
    await expect(page).toHaveTitle('Page Not Found | tRPC');
    // The document itself answered 404 (and Chromium logs that): that is the page, not a problem.
    const own = (p: string) =>
      (p.startsWith('HTTP 404') && p.endsWith(missing)) || p === `console.error: Failed to load resource: the server responded with a status of 404 (Not Found) (${BASE_URL}${missing}:0)`;
    const rest = problems().filter((p) => !own(p));
    expect(rest).toEqual([]);
  });
}

test('client-side navigation between docs, blog and landing stays clean', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const problems = await watch(page);
  await page.goto('/');
  await settle(page);
  const navbar = page.locator('.navbar');
  await navbar.getByRole('link', { name: 'Quickstart', exact: true }).click();
  await expect(page).toHaveURL(/\/docs\/quickstart$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Quickstart');
  await page.locator('footer.footer').getByRole('link', { name: 'Blog', exact: true }).click();
  await expect(page).toHaveURL(/\/blog$/);
  // As with every client-side navigation here, the URL changes before the new page renders: wait for
  // the list's first post link (the previous page is still on screen until then).
  const post = page.locator('main article h2 a[href^="/blog/"]').first();
  const title = (await post.innerText()).trim();
  await post.click();
  await expect(page).toHaveURL(/\/blog\/[^/]+$/);
  // The URL changes before the post renders; when it renders, the page scrolls to the top and the
  // announcement bar comes back above the navbar. A click aimed at the brand before that lands on
  // the bar's link (to the newest post) instead: wait for the post itself first.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await navbar.locator('.navbar__brand').click();
  await expect(page).toHaveURL(`${BASE_URL}/`);
  await page.waitForLoadState('networkidle');
  expect(problems()).toEqual([]);
});

test('the search modal loads and answers a query without errors', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const problems = await watch(page);
  await page.goto('/docs/');
  await settle(page);
  await page.locator('.navbar').getByRole('button', { name: /search/i }).click();
  const input = page.locator('.DocSearch-Input');
  await expect(input).toBeFocused();
  await input.fill('router');
  await expect(page.locator('.DocSearch-Hit').first()).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.locator('.DocSearch-Modal')).toHaveCount(0);
  await page.waitForLoadState('networkidle');
  expect(problems()).toEqual([]);
});
