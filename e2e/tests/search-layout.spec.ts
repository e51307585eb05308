import { expect, type Page, test } from '../support/test';

// The search modal as a reader meets it: on top of everything the page stacks (navbar, announcement
// bar, mobile sidebar), in the site's colours. What a tap hits is checked with elementFromPoint at the
// centre of the controls, on a phone and on a desktop, with and without the announcement bar.
// No search request is needed: the modal's search field and Cancel button exist before any query.

const WIDTHS = [375, 1280] as const;

async function open(page: Page, width: number, announcement: boolean, scrolled = false) {
  await page.setViewportSize({ width, height: 800 });
  await page.goto('/docs/server/routers');
  const bar = page.locator('.theme-announcement-bar');
  if (announcement) {
    await expect(bar).toBeVisible();
  } else {
    await bar.getByRole('button', { name: 'Close' }).click();
    await expect(bar).toHaveCount(0);
  }
  if (scrolled) {
    // Down into the page and a little back up, so the sticky navbar shows again (it hides on scroll).
    await page.mouse.wheel(0, 900);
    await page.waitForTimeout(250);
    await page.mouse.wheel(0, -150);
    await expect(page.locator('.navbar')).toBeInViewport();
  }
  await page.locator('.navbar .DocSearch-Button').click();
  await expect(page.locator('.DocSearch-Input')).toBeFocused();
}

/** The element at the centre of the locator's box, and whether it is (inside) that locator's element. */
async function isOnTop(page: Page, selector: string): Promise<{ onTop: boolean; topmost: string }> {
  return page.evaluate((sel) => {
    const el = document.querySelector(sel)!;
    const box = el.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    const describe = (n: Element | null) => (n ? `${n.tagName.toLowerCase()}.${[...n.classList].join('.')}` : 'nothing');
    return { onTop: !!hit && (hit === el || el.contains(hit)), topmost: describe(hit) };
  }, selector);
}

for (const width of WIDTHS) {
  for (const [announcement, scrolled] of [
    [true, false],
    [false, false],
    [false, true],
  ] as const) {
    const where = `${announcement ? 'with' : 'without'} the announcement bar${scrolled ? ', scrolled' : ''}`;
    test(`at ${width} px ${where}, the modal's controls are on top`, async ({ page }) => {
      await open(page, width, announcement, scrolled);
      const input = await isOnTop(page, '.DocSearch-Input');
      expect(input.onTop, `the search field is covered by ${input.topmost}`).toBe(true);
      const inputBox = (await page.locator('.DocSearch-Input').boundingBox())!;
      expect(inputBox.y).toBeGreaterThanOrEqual(0);
      if (width <= 768) {
        // Phones get a Cancel button; a tap on it must reach it, not the navbar.
        const cancel = await isOnTop(page, '.DocSearch-Cancel');
        expect(cancel.onTop, `Cancel is covered by ${cancel.topmost}`).toBe(true);
        await page.locator('.DocSearch-Cancel').click();
        await expect(page.locator('.DocSearch-Modal')).toHaveCount(0);
      } else {
        // On a desktop the navbar is under the backdrop: what is at its centre is the modal's container.
        const navbar = await page.evaluate(() => {
          const nav = document.querySelector('.navbar')!.getBoundingClientRect();
          const hit = document.elementFromPoint(nav.left + 40, Math.max(1, nav.top + nav.height / 2));
          return !!hit?.closest('.DocSearch-Container') && !hit?.closest('.navbar');
        });
        expect(navbar, 'the navbar is above the search backdrop').toBe(true);
      }
    });
  }
}

test('the modal uses the site palette in both colour modes', async ({ page }) => {
  await open(page, 1280, true);
  const colours = () =>
    page.evaluate(() => {
      const root = getComputedStyle(document.documentElement);
      const form = getComputedStyle(document.querySelector('.DocSearch-Form')!);
      return {
        primary: root.getPropertyValue('--ifm-color-primary').trim(),
        docsearch: root.getPropertyValue('--docsearch-primary-color').trim(),
        shadow: form.boxShadow,
        zIndex: getComputedStyle(document.querySelector('.DocSearch-Container')!).zIndex,
        overlay: root.getPropertyValue('--ifm-z-index-overlay').trim(),
      };
    });
  const light = await colours();
  expect(light.docsearch).toBe(light.primary);
  // The focus ring of the field is drawn in the primary colour (#276a9c), not DocSearch's violet.
  expect(light.shadow).toContain('rgb(39, 106, 156)');
  expect(light.zIndex).toBe(light.overlay);
  await page.keyboard.press('Escape');
  await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'dark'));
  await page.locator('.navbar .DocSearch-Button').click();
  const dark = await colours();
  expect(dark.docsearch).toBe(dark.primary);
  expect(dark.shadow).toContain('rgb(108, 178, 230)');
  const modalBg = await page.locator('.DocSearch-Modal').evaluate((m) => getComputedStyle(m).backgroundColor);
  // DocSearch's own dark modal is violet-navy (#15172a); ours is the site's dark card.
  expect(modalBg).toBe('rgb(30, 34, 39)');
});
