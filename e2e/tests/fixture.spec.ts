import { expect, test } from '../support/test';

// The suite's own fixture (e2e/support/test.ts): goto() returns once a site page has hydrated, and
// leaves alone what cannot hydrate.

test('goto() and reload() return with the page hydrated', async ({ page }) => {
  for (const path of ['/', '/docs/quickstart', '/blog']) {
    await page.goto(path);
    expect(await page.evaluate(() => document.documentElement.dataset.hasHydrated), path).toBe('true');
  }
  await page.reload();
  expect(await page.evaluate(() => document.documentElement.dataset.hasHydrated)).toBe('true');
});

test('a response that is not a site page does not wait', async ({ page }) => {
  const started = Date.now();
  const response = await page.goto('/llms.txt');
  expect(response?.ok()).toBe(true);
  expect(Date.now() - started).toBeLessThan(10_000);
});

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test('goto() does not wait for a hydration that cannot happen', async ({ page }) => {
    const started = Date.now();
    await page.goto('/docs/quickstart');
    expect(await page.locator('html').getAttribute('data-has-hydrated')).toBe('false');
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});

const MAIN_JS = /\/assets\/js\/main\.[0-9a-f]+\.js$/;

test('a page that cannot hydrate fails goto() with a message that names it', async ({ page }) => {
  await page.route(MAIN_JS, (route) => route.abort());
  const error = await page.goto('/docs/quickstart').catch((e: Error) => e);
  expect(error).toBeInstanceOf(Error);
  expect((error as Error).message).toMatch(/\/docs\/quickstart did not hydrate within 15 s/);
});

test.describe('opted out', () => {
  test.use({ waitForHydration: false });

  test('goto() returns at the load event, as Playwright does', async ({ page }) => {
    await page.route(MAIN_JS, (route) => route.abort());
    const started = Date.now();
    await page.goto('/docs/quickstart');
    expect(await page.locator('html').getAttribute('data-has-hydrated')).toBe('false');
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});
