import { expect, test, type Page } from '../support/test';
import { BASE_URL } from '../support/env';
import { usePrivateSearch } from '../support/search';

// The Content-Security-Policy the build computed (sha256 of its inline scripts, the search hosts in
// connect-src) is sent by the server and holds on real pages: no `securitypolicyviolation` event and
// no CSP console error on the landing page, a doc page, /search with a query, and the open search
// modal with results. A control case proves the listener sees a violation when there is one.

const search = usePrivateSearch(BASE_URL);

declare global {
  interface Window {
    __cspViolations: string[];
  }
}

/** Collects CSP violations (DOM events, from before any page script runs) and CSP console errors. */
async function watchCsp(page: Page): Promise<() => Promise<string[]>> {
  await search().route(page);
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      window.__cspViolations.push(`${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber})`);
    });
  });
  const fromConsole: string[] = [];
  page.on('console', (msg) => {
    if (/Content Security Policy|Content-Security-Policy/i.test(msg.text())) fromConsole.push(`console: ${msg.text()}`);
  });
  return async () => [...(await page.evaluate(() => window.__cspViolations)), ...fromConsole];
}

async function settle(page: Page): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('data-has-hydrated', 'true');
  await page.waitForLoadState('networkidle');
}

test('pages are served with the CSP and the other security headers', async ({ request }) => {
  const res = await request.get('/docs/quickstart');
  const headers = res.headers();
  expect(headers['content-security-policy']).toMatch(/script-src 'self' 'sha256-/);
  expect(headers['content-security-policy']).toContain("connect-src 'self' http://127.0.0.1:7700 http://127.0.0.1:7701");
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['permissions-policy']).toContain('camera=()');
});

for (const target of ['/', '/docs/quickstart']) {
  test(`${target} runs under the CSP without a violation`, async ({ page }) => {
    const violations = await watchCsp(page);
    await page.goto(target);
    await settle(page);
    // The colour-mode script (one of the hashed inline scripts) ran before the page painted.
    await expect(page.locator('html')).toHaveAttribute('data-theme', /light|dark/);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.waitForLoadState('networkidle');
    expect(await violations()).toEqual([]);
  });
}

test('/search with a query runs under the CSP without a violation', async ({ page }) => {
  const violations = await watchCsp(page);
  await page.goto('/search?q=router');
  await settle(page);
  await expect(page.locator('main article').first()).toBeVisible();
  expect(await violations()).toEqual([]);
});

test('the search modal with results runs under the CSP without a violation', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const violations = await watchCsp(page);
  await page.goto('/docs/');
  await settle(page);
  await page.locator('.navbar .DocSearch-Button').click();
  await page.locator('.DocSearch-Input').fill('router');
  await expect(page.locator('.DocSearch-Hit').first()).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.waitForLoadState('networkidle');
  expect(await violations()).toEqual([]);
});

test('control: an injected inline script is blocked and reported', async ({ page }) => {
  const violations = await watchCsp(page);
  await page.goto('/docs/quickstart');
  await settle(page);
  const ran = await page.evaluate(async () => {
    const script = document.createElement('script');
    script.textContent = 'window.__injected = true;';
    document.head.append(script);
    await new Promise((r) => setTimeout(r, 100));
    return (window as unknown as { __injected?: boolean }).__injected === true;
  });
  expect(ran).toBe(false);
  await expect.poll(violations).toContainEqual(expect.stringMatching(/^script-src(-elem)? blocked inline/));
});
