import { expect, test, type Page } from '../support/test';

// Every 10.x and 9.x address of the specification (plus /docs/v10/client, the client overview): each
// answers 200 with its own title, shows its version badge and the version's banner, and is the active
// entry of the docs sidebar. The landing-intro steps exist without a sidebar entry.
const V10: Record<string, string[]> = {
  '': ['', 'concepts', 'example-apps', 'faq', 'further', 'further-reading', 'getting-started', 'migrate-from-v9-to-v10', 'quickstart', 'rpc', 'subscriptions', 'videos-and-community-resources'],
  'client/': ['', 'cors', 'headers'],
  'client/links/': ['', 'httpBatchLink', 'httpBatchStreamLink', 'httpLink', 'loggerLink', 'splitLink', 'wsLink'],
  'client/nextjs/': ['', 'aborting-procedure-calls', 'server-side-helpers', 'setup', 'ssg', 'ssr', 'starter-projects'],
  'client/react/': ['', 'aborting-procedure-calls', 'getQueryKey', 'infer-types', 'setup', 'suspense', 'useInfiniteQuery', 'useMutation', 'useQueries', 'useQuery', 'useUtils'],
  'client/vanilla/': ['', 'aborting-procedure-calls', 'infer-types', 'setup'],
  'community/': ['awesome-trpc', 'contributing', 'love', 'sponsors'],
  'server/adapters/': ['', 'aws-lambda', 'express', 'fastify', 'fetch', 'nextjs', 'standalone'],
  'server/': ['authorization', 'caching', 'context', 'data-transformers', 'error-formatting', 'error-handling', 'introduction', 'merging-routers', 'metadata', 'middlewares', 'procedures', 'routers', 'server-side-calls', 'validators'],
};

const V9 = [
  'authorization', 'awesome-trpc', 'aws-lambda', 'caching', 'context', 'contributing', 'cors', 'data-transformers',
  'error-formatting', 'error-handling', 'example-apps', 'express', 'fastify', 'further-reading', 'header', 'infer-types',
  'invalidateQueries', 'links', 'love', 'merging-routers', 'metadata', 'middlewares', 'nextjs', 'output-validation',
  'quickstart', 'react', 'react-mutations', 'react-queries', 'router', 'rpc', 'sponsors', 'ssg', 'ssg-helpers', 'ssr',
  'starter-projects', 'subscriptions', 'useInfiniteQuery', 'vanilla',
];

const v10Paths = Object.entries(V10).flatMap(([section, pages]) =>
  pages.map((page) => `/docs/v10/${section}${page}`.replace(/\/$/, section === '' ? '/' : '')),
);
const v9Paths = ['/docs/v9/', ...V9.map((page) => `/docs/v9/${page}`)];
const landingSteps = [1, 2, 3].map((n) => `/docs/v10/landing-intro/Step${n}`);

/** Soft assertions, so one run lists every page that is wrong, not only the first. */
async function checkPage(page: Page, path: string, version: '10.x' | '9.x', inSidebar: boolean) {
  const response = await page.goto(path);
  expect.soft(response?.status(), `${path}: status`).toBe(200);
  const h1 = (await page.locator('article h1, main h1').first().textContent())?.trim() ?? '';
  expect.soft(h1, `${path}: heading`).not.toBe('');
  // The title is the page's own heading with its version and the site's suffix, never the 404 page's.
  // The head manager can show the bare site title for a moment while the page hydrates, so this waits.
  await expect.soft(page, `${path}: title`).toHaveTitle(`${h1} (${version}) | tRPC`);
  await expect.soft(page.locator('.theme-doc-version-badge'), `${path}: badge`).toContainText(version);
  const banner = page.locator('.theme-doc-version-banner');
  if (version === '9.x') await expect.soft(banner, `${path}: banner`).toContainText('no longer actively maintained');
  else await expect.soft(banner, `${path}: banner`).toHaveCount(0);
  await expect
    .soft(page.locator('nav[aria-label="Docs sidebar"] a[aria-current="page"]'), `${path}: sidebar entry`)
    .toHaveCount(inSidebar ? 1 : 0);
}

test.describe('older docs versions', () => {
  test.beforeEach(async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  test('every 10.x page of the specification answers with its title, badge and sidebar entry', async ({ page }) => {
    test.setTimeout(240_000);
    for (const path of v10Paths) await checkPage(page, path, '10.x', true);
    for (const path of landingSteps) await checkPage(page, path, '10.x', false);
  });

  test('every 9.x page of the specification answers with its title, badge, banner and sidebar entry', async ({ page }) => {
    test.setTimeout(180_000);
    for (const path of v9Paths) await checkPage(page, path, '9.x', true);
  });

  test('the quickstart of every version leads on to the next thing to learn', async ({ page }) => {
    const next = page.locator('.pagination-nav__link--next');
    for (const [from, to] of [
      ['/docs/quickstart', '/docs/server/introduction'],
      ['/docs/v10/quickstart', '/docs/v10/concepts'],
      ['/docs/v9/quickstart', '/docs/v9/router'],
    ]) {
      await page.goto(from);
      await expect(next, from).toHaveAttribute('href', to);
    }
  });
});

test.describe('version dropdown', () => {
  // The menu is hidden until hovered, so the links are found by role with hidden elements included.
  const dropdownLink = (page: Page, label: string) =>
    page
      .locator('.navbar .dropdown .dropdown__menu')
      .getByRole('link', { name: label, exact: true, includeHidden: true });

  test('links to the equivalent page when its id differs between versions', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const cases: [from: string, label: string, to: string][] = [
      ['/docs/server/routers', '9.x', '/docs/v9/router'],
      ['/docs/server/routers', '10.x', '/docs/v10/server/routers'],
      ['/docs/v9/router', '11.x', '/docs/server/routers'],
      ['/docs/v9/aws-lambda', '10.x', '/docs/v10/server/adapters/aws-lambda'],
      ['/docs/community/awesome-trpc', '9.x', '/docs/v9/awesome-trpc'],
      ['/docs/server/subscriptions', '10.x', '/docs/v10/subscriptions'],
      ['/docs/v10/client', '9.x', '/docs/v9/vanilla'],
      // Same id in both versions: the theme's own lookup.
      ['/docs/faq', '10.x', '/docs/v10/faq'],
      // No equivalent, or a category index (not a doc): the version's introduction.
      ['/docs/videos-and-community-resources', '9.x', '/docs/v9/'],
      ['/docs/v10/further', '11.x', '/docs/'],
    ];
    for (const [from, label, to] of cases) {
      await page.goto(from);
      await expect(dropdownLink(page, label), `${from} → ${label}`).toHaveAttribute('href', to);
    }
  });

  test('clicking the mapped entry opens the page in that version and remembers it', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/docs/server/routers');
    const dropdown = page.locator('.navbar .dropdown').filter({ hasText: '11.x' });
    await dropdown.hover();
    await dropdownLink(page, '9.x').click();
    await expect(page).toHaveURL(/\/docs\/v9\/router$/);
    await expect(page.locator('article h1')).toHaveText('Define routers');
    const stored = await page.evaluate(() =>
      Object.entries(localStorage).find(([key]) => key.includes('docs-preferred-version')),
    );
    expect(stored?.[1]).toBe('9.x');
  });

  test('the 9.x banner links to the same topic in the latest version', async ({ page }) => {
    const bannerLink = page.locator('.theme-doc-version-banner').getByRole('link', { name: 'latest version' });
    for (const [from, to] of [
      ['/docs/v9/router', '/docs/server/routers'],
      ['/docs/v9/awesome-trpc', '/docs/community/awesome-trpc'],
      ['/docs/v9/quickstart', '/docs/quickstart'],
      ['/docs/v9/love', '/docs/community/love'],
    ]) {
      await page.goto(from);
      await expect(bannerLink, from).toHaveAttribute('href', to);
    }
    await bannerLink.click();
    await expect(page).toHaveURL(/\/docs\/community\/love$/);
  });

  test('the mobile menu offers the same mapped links', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/docs/v9/fastify');
    await page.getByRole('button', { name: /toggle navigation bar/i }).click();
    const sidebar = page.locator('.navbar-sidebar');
    await sidebar.getByRole('button', { name: /back to main menu/i }).click();
    // The dropdown opens by itself when it holds the current page's version (an effect that may run
    // after the menu appears); a reader opens it if it is still closed. A click that toggled it shut
    // again made this test flaky, so open it only while it is closed.
    const caret = sidebar.getByRole('button', { name: /(expand|collapse) the dropdown/i });
    const tenX = sidebar.getByRole('link', { name: '10.x', exact: true });
    await expect(async () => {
      if ((await caret.getAttribute('aria-expanded')) !== 'true') await caret.click();
      await expect(tenX).toHaveAttribute('href', '/docs/v10/server/adapters/fastify', { timeout: 1000 });
    }).toPass({ timeout: 10_000 });
  });
});
