import { test as base, expect, type Page } from '@playwright/test';

/**
 * The suite's `test` and `expect`: Playwright's, except that the `page` fixture's `goto()` and
 * `reload()` return only once a page of the site has hydrated.
 *
 * Playwright's `goto()` waits for the load event. The site's scripts start after the first paint and
 * the client starts in steps (src/client/stagedEntry.ts), so hydration can end after `load`; until then
 * buttons such as the announcement bar's close or the version dropdown have no handlers, and a test
 * that clicks at once fails now and then. Waiting here removes that whole class of flaky tests.
 *
 * Responses that are not site pages (no Docusaurus root element), pages opened with JavaScript
 * off and `goto()` calls with an explicit `waitUntil` are left alone; a test that wants to look at a
 * page before hydration opts out with `test.use({ waitForHydration: false })`.
 */
export const test = base.extend<{ waitForHydration: boolean }>({
  waitForHydration: [true, { option: true }],
  page: async ({ page, javaScriptEnabled, waitForHydration }, use) => {
    if (javaScriptEnabled !== false && waitForHydration) {
      const goto = page.goto.bind(page);
      const reload = page.reload.bind(page);
      page.goto = async (url, options) => {
        const response = await goto(url, options);
        if (options?.waitUntil === undefined) await untilHydrated(page);
        return response;
      };
      page.reload = async (options) => {
        const response = await reload(options);
        if (options?.waitUntil === undefined) await untilHydrated(page);
        return response;
      };
    }
    await use(page);
  },
});

/** Resolves once the page has hydrated, or at once if it is not a page of the site. */
export async function untilHydrated(page: Page): Promise<void> {
  try {
    // While the head manager rewrites <html>'s attributes the flag can be briefly empty or absent, so a
    // site page (one with Docusaurus's root element) waits for exactly "true".
    await page.waitForFunction(
      () => document.documentElement.dataset.hasHydrated === 'true' || !document.getElementById('__docusaurus'),
      undefined,
      { timeout: 15_000 },
    );
  } catch (error) {
    throw new Error(`${page.url()} did not hydrate within 15 s (a script failed to load or threw?)`, { cause: error });
  }
}

export { expect };
export type { Page };
