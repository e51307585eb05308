import { expect, test } from '../support/test';
import { sitemapPaths } from '../support/sitemap';

// Layout fixes seen in use: the landing's hero code and step panels, the media page's buttons, and
// the footer's badge.

test.describe('landing page', () => {
  for (const width of [1024, 1152, 1280, 1440]) {
    test(`at ${width} px the hero's code call stays on one line`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/');
      await page.evaluate(() => document.fonts.ready);
      const { lines, text } = await page.locator('header pre').first().evaluate((pre) => {
        const lineHeight = parseFloat(getComputedStyle(pre).lineHeight) || parseFloat(getComputedStyle(pre).fontSize) * 1.45;
        const first = (pre.querySelector('code > *') ?? pre) as HTMLElement;
        return { lines: Math.round(first.getBoundingClientRect().height / lineHeight), text: first.textContent };
      });
      expect(text).toContain('});');
      expect(lines, `the line "${text}" is drawn on ${lines} lines`).toBe(1);
    });
  }

  test('in light mode the step code panels stand out from the section', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/');
    const block = page.locator('section[aria-labelledby="intro-title"] .theme-code-block').first();
    await block.scrollIntoViewIfNeeded();
    const { border, panel, section } = await block.evaluate((el) => {
      const s = el.closest('section')!;
      return {
        border: getComputedStyle(el).borderTopColor,
        panel: getComputedStyle(el.querySelector('pre') ?? el).backgroundColor,
        section: getComputedStyle(s).backgroundColor,
      };
    });
    const rgb = (c: string) => c.match(/[\d.]+/g)!.slice(0, 3).map(Number);
    const lum = (c: string) =>
      rgb(c).reduce((sum, v, i) => {
        const s = v / 255;
        return sum + [0.2126, 0.7152, 0.0722][i]! * (s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4);
      }, 0);
    const ratio = (a: string, b: string) => {
      const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
      return (x! + 0.05) / (y! + 0.05);
    };
    // The panel is lighter than the section and framed by an edge that is clearly darker.
    expect(ratio(panel, section), `panel ${panel} on ${section}`).toBeGreaterThanOrEqual(1.05);
    expect(ratio(border, section), `edge ${border} on ${section}`).toBeGreaterThanOrEqual(1.3);
  });
});

test.describe('media page', () => {
  for (const width of [375, 1280]) {
    test(`at ${width} px the download buttons are tap targets of at least 44 px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/media');
      const buttons = page.locator('main a[download]');
      expect(await buttons.count()).toBeGreaterThan(0);
      for (const box of await buttons.evaluateAll((as) => as.map((a) => a.getBoundingClientRect().toJSON()))) {
        expect(box.height).toBeGreaterThanOrEqual(44);
        expect(box.width).toBeGreaterThanOrEqual(44);
      }
    });
  }

  test('the copy buttons of the colour cards in one row line up', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/media');
    const section = page.locator('section', { has: page.locator('#colours-title') });
    const tops = await section.locator('li button').evaluateAll((bs) => bs.map((b) => Math.round(b.getBoundingClientRect().top)));
    expect(tops.length).toBeGreaterThan(1);
    // The cards share one row at this width, so the buttons share one top.
    expect(new Set(tops).size, `button tops: ${tops.join(', ')}`).toBe(1);
  });
});

test("the footer's badge says what the site is built with and links there", async ({ page }) => {
  await page.goto('/docs/');
  const badge = page.locator('footer.footer').getByRole('link', { name: 'Built with Docusaurus' });
  await expect(badge).toHaveAttribute('href', 'https://docusaurus.io');
  await expect(badge.locator('img:visible')).toHaveCount(1);
  await expect(page.locator('footer.footer')).not.toContainText('self-hosted search');
});

test.describe('page titles on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });

  test('no page title breaks inside a word (only at spaces, hyphens, slashes and the break points of long names)', async ({ page }) => {
    test.setTimeout(300_000);
    const paths = (await sitemapPaths(page.request)).filter((p) => p.startsWith('/docs/') || p.startsWith('/blog/'));
    expect(paths.length).toBeGreaterThan(200);
    const problems: string[] = [];
    for (const path of paths) {
      await page.goto(path, { waitUntil: 'domcontentloaded' });
      await page.evaluate(() => document.fonts.ready);
      const broken = await page.evaluate(() => {
        const h1 = document.querySelector('article h1, main h1');
        if (!h1) return [];
        const out: string[] = [];
        // Within one text node, a character that starts a new line must follow a break opportunity;
        // the break points of long names (<wbr>) end a text node, so they are allowed.
        const walker = document.createTreeWalker(h1, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const text = node.textContent ?? '';
          let lastTop: number | null = null;
          for (let i = 0; i < text.length; i += 1) {
            const range = document.createRange();
            range.setStart(node, i);
            range.setEnd(node, i + 1);
            const rect = range.getClientRects()[0];
            if (!rect || !rect.width) continue;
            if (lastTop !== null && rect.top > lastTop + 2 && !/[\s\-/—]/.test(text[i - 1]!) && !/\s/.test(text[i]!)) {
              out.push(`${text.slice(Math.max(0, i - 10), i)}|${text.slice(i, i + 10)}`);
            }
            lastTop = rect.top;
          }
        }
        return out;
      });
      for (const b of broken) problems.push(`${path}: "${b}"`);
    }
    expect(problems, `titles broken inside a word (${paths.length} pages)`).toEqual([]);
  });
});
