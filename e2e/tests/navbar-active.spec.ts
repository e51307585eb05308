import { expect, test } from '../support/test';

// At most one left navbar link is highlighted: the one that matches the page. Before, every doc page
// highlighted all four (they share one sidebar), on every version.

const CASES: [path: string, active: string | null][] = [
  ['/docs/', 'Docs'],
  ['/docs/server/routers', 'Docs'],
  ['/docs/quickstart', 'Quickstart'],
  ['/docs/community/awesome-trpc', 'Awesome Collection'],
  ['/docs/client/nextjs', 'Using Next.js'],
  ['/docs/client/nextjs/setup', 'Using Next.js'],
  ['/docs/v10/', 'Docs'],
  ['/docs/v10/quickstart', 'Quickstart'],
  ['/docs/v10/client/nextjs/setup', 'Using Next.js'],
  ['/docs/v9/', 'Docs'],
  ['/docs/v9/quickstart', 'Quickstart'],
  // 9.x has no Next.js section under that id: its link leads to 11.x, so it is not "here".
  ['/docs/v9/nextjs', 'Docs'],
  ['/blog', null],
  ['/', null],
];

test.use({ viewport: { width: 1280, height: 800 } });

for (const [path, active] of CASES) {
  test(`${path}: ${active ? `only "${active}"` : 'no left link'} is active`, async ({ page }) => {
    await page.goto(path);
    const left = page.locator('.navbar__items:not(.navbar__items--right) a.navbar__link');
    await expect(left.filter({ hasText: 'Quickstart' })).toBeVisible();
    const activeLinks = left.and(page.locator('.navbar__link--active'));
    await expect(activeLinks).toHaveText(active ? [active] : []);
    // The highlighted link leads to the page's own version.
    if (active) {
      const href = await activeLinks.getAttribute('href');
      const version = path.match(/^\/docs\/(v\d+)\//)?.[1];
      if (version) expect(href).toContain(`/docs/${version}/`);
      else expect(href).not.toMatch(/\/docs\/v\d+\//);
    }
  });
}

test('in the phone menu, too, only the matching link is active', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/docs/quickstart');
  await page.getByRole('button', { name: /toggle navigation bar/i }).click();
  await page.locator('.navbar-sidebar').getByRole('button', { name: /back to main menu/i }).click();
  const menu = page.locator('.navbar-sidebar__item').first();
  const docLinks = menu.locator('a.menu__link').filter({ hasText: /^(Docs|Quickstart|Awesome Collection|Using Next\.js)$/ });
  await expect(docLinks).toHaveCount(4);
  await expect(docLinks.and(page.locator('.menu__link--active'))).toHaveText(['Quickstart']);
});
