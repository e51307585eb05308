import { expect, test } from '../support/test';

// Every 11.x docs address that readers and search engines already use: it must answer 200 and sit in
// the "docs" sidebar (the three landing-intro steps have no sidebar entry).
const SECTIONS: Record<string, string[]> = {
  '': ['', 'getting-started', 'concepts', 'quickstart', 'videos-and-community-resources', 'example-apps', 'faq', 'further-reading', 'rpc', 'migrate-from-v10-to-v11'],
  'server/': ['introduction', 'routers', 'procedures', 'validators', 'merging-routers', 'context', 'middlewares', 'adapters', 'adapters/standalone', 'adapters/express', 'adapters/fastify', 'adapters/nextjs', 'adapters/aws-lambda', 'adapters/fetch', 'server-side-calls', 'authorization', 'error-handling', 'error-formatting', 'data-transformers', 'metadata', 'caching', 'subscriptions', 'websockets', 'non-json-content-types'],
  'client/': ['', 'cors', 'headers'],
  'client/react/': ['', 'setup', 'server-components', 'infer-types', 'useQuery', 'useMutation', 'useInfiniteQuery', 'useSubscription', 'useUtils', 'createTRPCQueryUtils', 'useQueries', 'suspense', 'getQueryKey', 'aborting-procedure-calls', 'disabling-queries'],
  'client/nextjs/': ['', 'setup', 'ssr', 'ssg', 'server-side-helpers', 'aborting-procedure-calls', 'starter-projects'],
  'client/vanilla/': ['', 'setup', 'infer-types', 'aborting-procedure-calls'],
  'client/links/': ['', 'httpLink', 'httpBatchLink', 'httpBatchStreamLink', 'httpSubscriptionLink', 'wsLink', 'splitLink', 'loggerLink', 'retryLink', 'localLink'],
  'community/': ['awesome-trpc', 'contributing', 'love', 'sponsors'],
};

const paths = Object.entries(SECTIONS).flatMap(([section, pages]) =>
  pages.map((page) => `/docs/${section}${page}`.replace(/\/$/, section === '' ? '/' : '')),
);

test('every 11.x page answers 200 and is in the docs sidebar', async ({ page, request }) => {
  test.setTimeout(120_000);
  const missing: string[] = [];
  for (const path of [...paths, '/docs/landing-intro/Step1', '/docs/landing-intro/Step2', '/docs/landing-intro/Step3']) {
    const res = await request.get(path);
    if (res.status() !== 200) missing.push(`${path} → ${res.status()}`);
  }
  expect(missing).toEqual([]);

  // The sidebar of the introduction page lists the top-level pages; the pages inside collapsed categories
  // are checked on their own pages below.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/docs/');
  const sidebarLinks = new Set(
    await page.locator('nav[aria-label="Docs sidebar"] a[href]').evaluateAll((links) =>
      links.map((a) => new URL((a as HTMLAnchorElement).href).pathname.replace(/\/$/, '') || '/'),
    ),
  );
  const notInSidebar: string[] = [];
  for (const path of paths) {
    // Collapsed categories render their children lazily; open them all through the pages themselves.
    if (!sidebarLinks.has(path.replace(/\/$/, '') || '/')) {
      await page.goto(path);
      const active = page.locator('nav[aria-label="Docs sidebar"] a.menu__link--active');
      if ((await active.count()) === 0) notInSidebar.push(path);
    }
  }
  expect(notInSidebar).toEqual([]);
  await page.goto('/docs/landing-intro/Step1');
  await expect(page.locator('nav[aria-label="Docs sidebar"] a[href*="landing-intro"]')).toHaveCount(0);
});

test('sidebar sections start collapsed, open on the current page, and stay open when another opens', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const sidebar = page.locator('nav[aria-label="Docs sidebar"]');
  const backend = sidebar.getByRole('button', { name: /Backend Usage/ }).or(sidebar.getByRole('link', { name: 'Backend Usage' }));
  const client = sidebar.getByRole('button', { name: /Client Usage/ }).or(sidebar.getByRole('link', { name: 'Client Usage' }));

  await page.goto('/docs/');
  await expect(sidebar.getByRole('link', { name: 'Define routers' })).toHaveCount(0);

  await page.goto('/docs/server/routers');
  await expect(sidebar.getByRole('link', { name: 'Define routers' })).toHaveAttribute('aria-current', 'page');

  // Open "Client Usage" with its caret: "Backend Usage" stays open (no auto-collapse).
  await sidebar.getByRole('button', { name: /expand sidebar category 'Client Usage'/i }).click();
  await expect(sidebar.getByRole('link', { name: 'Links', exact: true }).first()).toBeVisible();
  await expect(sidebar.getByRole('link', { name: 'Define routers' })).toBeVisible();
  await expect(backend.first()).toBeVisible();
  await expect(client.first()).toBeVisible();
});
