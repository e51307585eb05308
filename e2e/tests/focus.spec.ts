import { expect, test, type Page } from '../support/test';
import { focusRingContrast } from '../support/contrast';

// Keyboard focus must be visible on every surface (WCAG 2.4.7), and the focus ring must stand out
// from the background next to it by at least 3:1 (WCAG 1.4.11). axe does not check this, so the
// ratio is computed here from the focused element's computed styles.

const TARGETS: { surface: string; path: string; locate: (page: Page) => ReturnType<Page['locator']> }[] = [
  { surface: 'announcement bar link', path: '/docs/', locate: (p) => p.locator('.theme-announcement-bar a').first() },
  { surface: 'announcement bar close button', path: '/docs/', locate: (p) => p.locator('.theme-announcement-bar button') },
  { surface: 'navbar link', path: '/docs/', locate: (p) => p.locator('.navbar').getByRole('link', { name: 'Quickstart', exact: true }) },
  { surface: 'navbar search button', path: '/docs/', locate: (p) => p.locator('.navbar .DocSearch-Button') },
  { surface: 'navbar colour mode toggle', path: '/docs/', locate: (p) => p.locator('.navbar').getByRole('button', { name: /mode/i }).first() },
  { surface: 'docs sidebar link', path: '/docs/', locate: (p) => p.locator('nav[aria-label="Docs sidebar"] a').first() },
  { surface: 'link in the content', path: '/docs/', locate: (p) => p.locator('article .markdown a').first() },
  { surface: 'code block copy button', path: '/docs/quickstart', locate: (p) => p.locator('article .theme-code-block button').first() },
  { surface: 'code block', path: '/docs/quickstart', locate: (p) => p.locator('article pre.prism-code').first() },
  // Reached with Enter in its block (CodeTypes/client.ts), which makes it focusable first.
  { surface: 'name in a code block', path: '/docs/quickstart', locate: (p) => p.locator('article pre.prism-code [data-t]').first() },
  { surface: 'footer link', path: '/docs/', locate: (p) => p.locator('footer a').first() },
  { surface: 'landing button', path: '/', locate: (p) => p.locator('main a.button').first() },
];

for (const mode of ['light', 'dark'] as const) {
  test.describe(`${mode} mode`, () => {
    test.use({ colorScheme: mode, viewport: { width: 1280, height: 900 } });

    for (const { surface, path, locate } of TARGETS) {
      test(`the focus ring on the ${surface} has at least 3:1 against its background`, async ({ page }) => {
        await page.goto(path);
        await expect(page.locator('html')).toHaveAttribute('data-theme', mode);
        const target = locate(page);
        await target.scrollIntoViewIfNeeded();
        // A key press first, so the browser treats the following focus as keyboard focus.
        await page.keyboard.press('Shift');
        await target.evaluate((el) => {
          if (!el.matches('a[href], button, input, select, textarea, [tabindex]')) (el as HTMLElement).tabIndex = -1;
        });
        await target.focus();
        expect(await target.evaluate((el) => el.matches(':focus-visible'))).toBe(true);
        const ring = await target.evaluate(focusRingContrast);
        expect(ring.width, `${surface}: a focus ring is drawn (${JSON.stringify(ring)})`).toBeGreaterThanOrEqual(2);
        expect(ring.ratio, `${surface}: ${ring.ring} on ${ring.background}`).toBeGreaterThanOrEqual(3);
      });
    }
  });
}

test('the announcement bar close icon has at least 3:1 against the bar', async ({ page }) => {
  await page.goto('/docs/');
  const ratio = await page.locator('.theme-announcement-bar button svg').evaluate((svg) => {
    const parse = (c: string) => c.match(/[\d.]+/g)!.map(Number);
    const lum = (c: number[]) =>
      c.slice(0, 3).reduce((sum, v, i) => {
        const s = v / 255;
        return sum + [0.2126, 0.7152, 0.0722][i]! * (s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4);
      }, 0);
    const button = svg.closest('button')!;
    const bar = svg.closest('.theme-announcement-bar')!;
    const fg = parse(getComputedStyle(svg).color);
    const bg = parse(getComputedStyle(bar).backgroundColor);
    // The icon is drawn in currentColor at the button's opacity, over the bar.
    const alpha = Number(getComputedStyle(button).opacity) * Number(getComputedStyle(svg).opacity);
    const shown = [0, 1, 2].map((i) => fg[i]! * alpha + bg[i]! * (1 - alpha));
    const [a, b] = [lum(shown), lum(bg)].sort((x, y) => y - x);
    return (a! + 0.05) / (b! + 0.05);
  });
  expect(ratio).toBeGreaterThanOrEqual(3);
});

// WCAG 2.4.11: an element that takes keyboard focus is never entirely hidden under the sticky navbar.
// Going back with Shift+Tab scrolls the page up, which brings the navbar back over the top of the view.
test('Shift+Tab never leaves the focused element hidden under the navbar', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/docs/server/middlewares');
  await page.locator('footer a').first().focus();
  const hidden: string[] = [];
  for (let i = 0; i < 40; i += 1) {
    await page.keyboard.press('Shift+Tab');
    // The navbar slides back in when the page scrolls up.
    await page.waitForTimeout(250);
    const state = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      const navbar = document.querySelector('.navbar')!.getBoundingClientRect();
      if (!el || el === document.body) return null;
      const r = el.getBoundingClientRect();
      return { what: `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}"`, bottom: r.bottom, top: r.top, navbarBottom: navbar.bottom, inNavbar: !!el.closest('.navbar') };
    });
    if (!state || state.inNavbar) continue;
    if (state.bottom <= state.navbarBottom && state.bottom > 0) hidden.push(`${state.what}: ${state.top.toFixed(0)}–${state.bottom.toFixed(0)} under a navbar ending at ${state.navbarBottom.toFixed(0)}`);
  }
  expect(hidden).toEqual([]);
});
