import { expect, test } from '../support/test';

test.describe('colour mode', () => {
  test('defaults to light, follows the system while no choice is stored', async ({ browser }) => {
    const light = await browser.newPage({ colorScheme: 'light' });
    await light.goto('/docs/');
    await expect(light.locator('html')).toHaveAttribute('data-theme', 'light');
    const dark = await browser.newPage({ colorScheme: 'dark' });
    await dark.goto('/docs/');
    await expect(dark.locator('html')).toHaveAttribute('data-theme', 'dark');
    await light.close();
    await dark.close();
  });

  test('the toggle switches mode and the choice persists under "theme"', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/docs/');
    // The toggle cycles system → light → dark; click until dark.
    const toggle = page.locator('.navbar').getByRole('button', { name: /mode/i }).first();
    for (let i = 0; i < 3 && (await page.locator('html').getAttribute('data-theme-choice')) !== 'dark'; i++) {
      await toggle.click();
    }
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  });
});

test.describe('announcement bar', () => {
  test('shows, links to the newest post, and stays dismissed under its two storage keys', async ({ page }) => {
    await page.goto('/');
    const bar = page.locator('.theme-announcement-bar');
    await expect(bar).toBeVisible();
    await expect(bar.getByRole('link')).toHaveAttribute('href', '/blog/trpc-actions');
    await bar.getByRole('button', { name: /close/i }).click();
    await expect(bar).toHaveCount(0);
    const keys = await page.evaluate(() => ({
      dismiss: localStorage.getItem('docusaurus.announcement.dismiss'),
      id: localStorage.getItem('docusaurus.announcement.id'),
    }));
    expect(keys).toEqual({ dismiss: 'true', id: 'post-trpc-actions-2024' });
    await page.reload();
    await expect(page.locator('.theme-announcement-bar')).toHaveCount(0);
  });

  test('a changed bar id shows the bar again', async ({ page }) => {
    await page.goto('/');
    await page.evaluate(() => {
      localStorage.setItem('docusaurus.announcement.dismiss', 'true');
      localStorage.setItem('docusaurus.announcement.id', 'an-older-announcement');
    });
    await page.reload();
    await expect(page.locator('.theme-announcement-bar')).toBeVisible();
  });
});

test('right-clicking the logo opens /media', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/docs/');
  await page.locator('.navbar__brand').click({ button: 'right' });
  await expect(page).toHaveURL(/\/media$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('the brand link is announced once as "tRPC", its mark decorative', async ({ page }) => {
  await page.goto('/docs/');
  const brand = page.locator('.navbar__brand');
  await expect(brand).toHaveAccessibleName('tRPC');
  await expect(brand.locator('img').first()).toHaveAttribute('alt', '');
});

test('navbar has the doc links, social links with names, and no third-party requests', async ({ page }) => {
  const external: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (!['127.0.0.1', 'localhost'].includes(url.hostname) && url.protocol.startsWith('http')) external.push(r.url());
  });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/docs/');
  const navbar = page.locator('.navbar');
  for (const name of ['Docs', 'Quickstart', 'Awesome Collection', 'Using Next.js']) {
    await expect(navbar.getByRole('link', { name, exact: true })).toBeVisible();
  }
  for (const name of ['tRPC on GitHub', 'tRPC on X', 'tRPC on Discord']) {
    await expect(navbar.getByRole('link', { name })).toBeVisible();
  }
  await page.waitForLoadState('networkidle');
  expect(external).toEqual([]);
});

test('the desktop navbar stays on one row just above the mobile breakpoint', async ({ page }) => {
  await page.setViewportSize({ width: 1000, height: 800 });
  await page.goto('/docs/');
  const height = await page.locator('.navbar').evaluate((el) => el.getBoundingClientRect().height);
  expect(height).toBeLessThanOrEqual(64);
  await expect(page.locator('.navbar').getByRole('link', { name: 'Using Next.js', exact: true })).toBeVisible();
});

test('footer has Docs, Community and More columns and the hosting badge', async ({ page }) => {
  await page.goto('/');
  const footer = page.locator('footer.footer');
  for (const title of ['Docs', 'Community', 'More']) {
    await expect(footer.locator('.footer__title', { hasText: title })).toBeVisible();
  }
  await expect(footer.locator('img.footer__logo, .footer__logo img, img').first()).toBeVisible();
  await expect(footer).toContainText('·');
});

test.describe('mobile', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the menu opens, locks scrolling, navigates, and closes', async ({ page }) => {
    await page.goto('/docs/');
    await page.getByRole('button', { name: /toggle navigation bar/i }).click();
    const sidebar = page.locator('.navbar-sidebar');
    await expect(sidebar).toBeVisible();
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');
    // The docs secondary menu is shown first; the back button leads to the main menu.
    await sidebar.getByRole('button', { name: /back to main menu/i }).click();
    const mainMenu = sidebar.locator('.navbar-sidebar__item').first();
    await mainMenu.getByRole('link', { name: 'Quickstart', exact: true }).click();
    await expect(page).toHaveURL(/\/docs\/quickstart$/);
    await expect(sidebar).toBeHidden();
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe('hidden');
  });

  test('the menu closes when the window widens', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: /toggle navigation bar/i }).click();
    await expect(page.locator('.navbar-sidebar')).toBeVisible();
    await page.setViewportSize({ width: 1200, height: 800 });
    await expect(page.locator('.navbar-sidebar')).toBeHidden();
  });
});

test('text is set in the self-hosted Inter: one preloaded variable file, fetched once, used by every weight', async ({ page }) => {
  const fontRequests: string[] = [];
  page.on('request', (r) => r.resourceType() === 'font' && fontRequests.push(new URL(r.url()).pathname));
  await page.goto('/');
  // The preload matters before any script runs, so read it from the HTML the server sends (the live
  // <head> is rewritten by the head manager during hydration and can briefly hold zero or two copies).
  const html = await (await page.request.get('/')).text();
  const preloaded = await page.evaluate((source) => {
    const doc = new DOMParser().parseFromString(source, 'text/html');
    return [...doc.querySelectorAll('link[rel="preload"][as="font"]')].map((l) => l.getAttribute('href'));
  }, html);
  expect(preloaded).toHaveLength(1);
  expect(preloaded[0]).toMatch(/^\/assets\/fonts\/inter-latin-wght-normal-[\w-]+\.woff2$/);
  const fonts = await page.evaluate(async () => {
    await document.fonts.ready;
    return {
      family: getComputedStyle(document.body).fontFamily,
      // The faces the page actually loaded: the variable one covers 400 to 700 and beyond.
      loaded: [...document.fonts]
        .filter((f) => f.status === 'loaded')
        .map((f) => `${f.family.replace(/"/g, '')} ${f.weight}`),
    };
  });
  expect(fonts.family.startsWith('"Inter Variable"')).toBe(true);
  expect(fonts.loaded).toEqual(['Inter Variable 100 900']);
  await page.waitForLoadState('networkidle');
  // Once hydrated, the head holds the same single preload.
  await expect
    .poll(() =>
      page.locator('link[rel="preload"][as="font"]').evaluateAll((links) => [
        ...new Set(links.map((l) => new URL((l as HTMLLinkElement).href).pathname)),
      ]),
    )
    .toEqual(preloaded);
  // The stylesheet's @font-face and the preload name the same file, so it is downloaded once.
  expect(fontRequests).toEqual(preloaded);
});

test.describe('a late web font', () => {
  test.use({ viewport: { width: 412, height: 823 } });

  test('never moves the text: a long doc page on a phone has no layout shift when Inter arrives late', async ({
    page,
  }) => {
    // With `font-display: swap` the page was laid out in the fallback first and again when Inter came
    // in, which moved the text (a layout shift of about 0.07 on this page at this width). The preloaded
    // optional font is either used by the first frame or, if it is late, not at all for this view.
    let fontRequests = 0;
    await page.route('**/assets/fonts/*.woff2', async (route) => {
      fontRequests += 1;
      await new Promise((resolve) => setTimeout(resolve, 400));
      await route.continue();
    });
    await page.addInitScript(() => {
      const shifts: number[] = [];
      Object.assign(window, { __layoutShifts: shifts });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) shifts.push((entry as PerformanceEntry & { value: number }).value);
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto('/docs/client/react/server-components');
    await page.evaluate(() => document.fonts.ready);
    // The font has arrived (it was requested and fetched); give a swap, if any, a frame to show up.
    expect(fontRequests).toBeGreaterThan(0);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    await page.waitForTimeout(200);
    const shifts = await page.evaluate(() => (window as unknown as { __layoutShifts: number[] }).__layoutShifts);
    expect(shifts).toEqual([]);
  });
});
