import { expect, test } from '../support/test';

test.describe('docs versions', () => {
  test('11.x shows the unreleased banner, 10.x none, 9.x the unmaintained banner', async ({ page }) => {
    await page.goto('/docs/quickstart');
    const banner = page.locator('.theme-doc-version-banner');
    await expect(banner).toContainText('unreleased');
    await page.goto('/docs/v10/quickstart');
    await expect(page.locator('article')).toBeVisible();
    await expect(banner).toHaveCount(0);
    await page.goto('/docs/v9/quickstart');
    await expect(banner).toContainText('no longer actively maintained');
    await expect(banner.getByRole('link')).toHaveAttribute('href', /\/docs\/(quickstart|$)/);
  });

  test('the version dropdown goes to the equivalent page and remembers the choice', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    // The choice is stored by the dropdown's click handler, and read by the navbar's Docs link, once
    // the page has hydrated (the suite's goto() waits for that; before it both are plain links).
    await page.goto('/docs/quickstart');
    const dropdown = page.locator('.navbar .dropdown').filter({ hasText: '11.x' });
    await dropdown.hover();
    await dropdown.getByRole('link', { name: '10.x' }).click();
    await expect(page).toHaveURL(/\/docs\/v10\/quickstart$/);
    await expect(page.locator('.navbar .dropdown').filter({ hasText: '10.x' })).toBeVisible();
    const stored = await page.evaluate(() =>
      Object.entries(localStorage).find(([key]) => key.includes('docs-preferred-version')),
    );
    expect(stored?.[1]).toBe('10.x');
    // Leaving the docs and coming back through the navbar lands in the remembered version.
    await page.goto('/blog');
    await page.locator('.navbar').getByRole('link', { name: 'Docs', exact: true }).click();
    await expect(page).toHaveURL(/\/docs\/v10\//);
  });
});

test('pages of the older versions answer 200 with their version badge and a sidebar entry', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const pages = [
    'server/error-handling', 'server/error-formatting', 'server/metadata', 'server/caching',
    'client/react/useQueries', 'client/react/infer-types', 'client/react/getQueryKey', 'client/react/suspense',
    'client/react/aborting-procedure-calls', 'client/vanilla/aborting-procedure-calls',
    'client/nextjs/ssr', 'client/nextjs/ssg', 'client/nextjs/aborting-procedure-calls',
    'client/links/httpBatchStreamLink', 'rpc', 'faq',
  ].map((p) => `/docs/v10/${p}`);
  pages.push(...['caching', 'cors', 'rpc', 'ssr', 'ssg', 'error-handling'].map((p) => `/docs/v9/${p}`));
  for (const path of pages) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    await expect(page.locator('.theme-doc-version-badge'), path).toHaveText(path.startsWith('/docs/v9/') ? /9\.x/ : /10\.x/);
    await expect(page.locator('nav[aria-label="Docs sidebar"] a[aria-current="page"]'), path).toHaveCount(1);
  }
});
