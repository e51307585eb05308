import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '../support/test';

// The 11.x pages for today's React integration: the TanStack React Query section and the Next.js App
// Router page. Each must answer 200 with its own title, sit in the sidebar under the right category with
// the 11.x badge, and be reachable from the pages that lead readers to it.
const PAGES: { path: string; title: string; sidebar: string; category: string }[] = [
  { path: '/docs/client/tanstack-react-query/overview', title: 'TanStack React Query integration', sidebar: 'TanStack React Query', category: 'TanStack React Query' },
  { path: '/docs/client/tanstack-react-query/setup', title: 'Set up the TanStack React Query integration', sidebar: 'Setup', category: 'TanStack React Query' },
  { path: '/docs/client/tanstack-react-query/usage', title: 'Use the TanStack React Query integration', sidebar: 'Usage', category: 'TanStack React Query' },
  { path: '/docs/client/tanstack-react-query/server-components', title: 'Server components with the TanStack React Query integration', sidebar: 'Server components', category: 'TanStack React Query' },
  { path: '/docs/client/tanstack-react-query/migrating', title: 'Migrate from the classic React Query integration', sidebar: 'Migrating from classic', category: 'TanStack React Query' },
  { path: '/docs/client/nextjs/app-router', title: 'Next.js App Router', sidebar: 'App Router', category: 'Next.js Integration' },
];

test('the TanStack React Query and App Router pages answer 200 with their title, badge and sidebar entry', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const sidebar = page.locator('nav[aria-label="Docs sidebar"]');
  for (const { path, title, sidebar: label, category } of PAGES) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    await expect(page, path).toHaveTitle(`${title} | tRPC`);
    await expect(page.locator('article h1'), path).toHaveText(title);
    await expect(page.locator('.theme-doc-version-badge'), path).toHaveText(/11\.x/);
    const active = sidebar.locator('a.menu__link--active[aria-current="page"]');
    await expect(active, path).toHaveText(label);
    // The active entry sits inside the expected category (the overview is the category's own link).
    const categoryItem = sidebar.locator('li.menu__list-item').filter({
      has: page.locator(':scope > .menu__list-item-collapsible > a', { hasText: new RegExp(`^${category}$`) }),
    });
    await expect(categoryItem.locator('a[aria-current="page"]'), path).toHaveCount(1);
  }
});

test('the TanStack section comes before the classic one in the Client Usage sidebar', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/docs/client/tanstack-react-query/overview');
  const labels = await page
    .locator('nav[aria-label="Docs sidebar"] .menu__list-item-collapsible a')
    .allTextContents();
  const tanstack = labels.indexOf('TanStack React Query');
  const classic = labels.indexOf('React Query (classic)');
  expect(tanstack, labels.join(', ')).toBeGreaterThan(-1);
  expect(classic, labels.join(', ')).toBeGreaterThan(tanstack);
});

test('the pages that lead to the new integration link to it', async ({ page }) => {
  const leads: [from: string, to: string[]][] = [
    ['/docs/getting-started', ['/docs/client/tanstack-react-query/overview', '/docs/client/nextjs/app-router']],
    ['/docs/quickstart', ['/docs/client/tanstack-react-query/overview', '/docs/client/nextjs/app-router']],
    ['/docs/client', ['/docs/client/tanstack-react-query/overview', '/docs/client/nextjs/app-router']],
    ['/docs/client/react', ['/docs/client/tanstack-react-query/overview', '/docs/client/tanstack-react-query/migrating']],
    ['/docs/client/nextjs', ['/docs/client/nextjs/app-router', '/docs/client/tanstack-react-query/overview']],
  ];
  for (const [from, targets] of leads) {
    await page.goto(from);
    const hrefs = await page
      .locator('article a[href]')
      .evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname.replace(/\/$/, '')));
    for (const target of targets) expect(hrefs, `${from} → ${target}`).toContain(target);
  }
  // getting-started tells the reader which React integration to pick.
  await page.goto('/docs/getting-started');
  await expect(page.getByRole('heading', { name: 'Which React integration?' })).toBeVisible();
});

// The new pages carry wide option tables and long code: axe's WCAG A/AA rules in both colour modes.
for (const path of ['/docs/client/tanstack-react-query/usage', '/docs/client/nextjs/app-router']) {
  for (const mode of ['light', 'dark'] as const) {
    test(`${path} in ${mode} mode has no WCAG A/AA violations`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: mode });
      await page.addInitScript((theme) => window.localStorage.setItem('theme', theme), mode);
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('data-theme', mode);
      const results = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'])
        .analyze();
      expect(results.passes.length).toBeGreaterThan(0);
      expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    });
  }
}
