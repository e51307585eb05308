import { expect, test, type Page } from '../support/test';

// Types in code samples (site/config/codeTypes.ts): computed when the site is built; the page gets the
// types as HTML (`// ^?` answers, expected errors) and one table of hover texts, which a small script
// shows on hover or tap (src/components/CodeTypes/client.ts).

/** The quickstart's client block: `const inStock = await trpc.book.list.query(…)` with a `// ^?` under it. */
const clientBlock = (page: Page) => page.locator('.theme-code-block.language-ts').filter({ hasText: 'client/index.ts' });
const tip = (page: Page) => page.locator('#code-type-tip');

function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (m) => ['error', 'warning'].includes(m.type()) && problems.push(m.text()));
  page.on('pageerror', (e) => problems.push(e.message));
  return problems;
}

test('a `// ^?` query renders its type under the line, without JavaScript, and the marker is gone', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/docs/quickstart');
  const block = clientBlock(page);
  const query = block.locator('.code-query-text').first();
  await expect(query).toHaveText("const inStock: Book[]");
  await expect(block).not.toContainText('^?');
  // The answer sits right under the line it is about.
  const line = block.locator('.token-line').filter({ hasText: 'const inStock' });
  const [lineBox, queryBox] = [await line.boundingBox(), await query.boundingBox()];
  expect(queryBox!.y).toBeGreaterThanOrEqual(lineBox!.y + lineBox!.height - 1);
  expect(queryBox!.y).toBeLessThan(lineBox!.y + 3 * lineBox!.height);
  await context.close();
});

test('an expected error renders the compiler message under its line, with the range underlined', async ({ page }) => {
  await page.goto('/docs/quickstart');
  const block = page.locator('.theme-code-block').filter({ hasText: 'client/mistakes.ts' });
  await expect(block.locator('.code-error-text').filter({ hasText: 'TS2322' })).toContainText("Type 'string' is not assignable to type 'number'");
  await expect(block.locator('.code-error-text').filter({ hasText: "Property 'price' does not exist" })).toHaveCount(1);
  await expect(block.locator('.code-error-range').first()).toHaveCSS('text-decoration-style', 'wavy');
  await expect(block).not.toContainText('@errors');
});

test('hovering an identifier shows its type; moving away and Escape hide it', async ({ page }) => {
  const problems = watchProblems(page);
  await page.goto('/docs/quickstart');
  const block = clientBlock(page);
  const inStock = block.locator('[data-t]', { hasText: /^inStock$/ }).first();
  await inStock.scrollIntoViewIfNeeded();
  await inStock.hover();
  await expect(tip(page)).toBeVisible();
  await expect(tip(page)).toHaveText("const inStock: Book[]");
  await expect(inStock).toHaveAttribute('aria-describedby', 'code-type-tip');
  // What is on top where the reader points is the identifier, not the popup.
  const box = (await inStock.boundingBox())!;
  expect(await page.evaluate(([x, y]) => document.elementFromPoint(x!, y!)?.textContent, [box.x + 2, box.y + box.height / 2])).toBe('inStock');

  await page.mouse.move(5, 5);
  await expect(tip(page)).toBeHidden();

  await inStock.hover();
  await expect(tip(page)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(tip(page)).toBeHidden();

  // Another identifier, another type: `trpc` is the client.
  await block.locator('[data-t]', { hasText: /^trpc$/ }).first().hover();
  await expect(tip(page)).toHaveText(/^const trpc: /);
  expect(problems).toEqual([]);
});

test('the keyboard reaches the types: Enter in a block, arrows between names, Escape and Tab leave', async ({ page }) => {
  const problems = watchProblems(page);
  await page.goto('/docs/quickstart');
  const block = clientBlock(page);
  const pre = block.locator('pre');
  const names = block.locator('[data-t]');
  const focused = () => page.evaluate(() => document.activeElement?.textContent ?? null);
  const focusedInfo = () =>
    page.evaluate(() => {
      const el = document.activeElement!;
      const lines = [...el.closest('pre')!.querySelectorAll('.token-line')];
      return { text: el.textContent, line: lines.indexOf(el.closest('.token-line')!), described: el.getAttribute('aria-describedby') };
    });

  // The block is one tab stop; its names are not, until a reader enters it.
  await expect(pre).toHaveAttribute('tabindex', '0');
  expect(await names.evaluateAll((els) => els.filter((el) => el.hasAttribute('tabindex')).length)).toBe(0);
  // Assistive technology hears how to get in; sighted keyboard users see it under the block.
  await expect(pre).toHaveAttribute('aria-keyshortcuts', 'Enter');
  await expect(pre).toHaveAttribute('aria-description', /Enter/);
  const hint = () => block.locator('[class*="codeBlockContent_"]').evaluate((el) => getComputedStyle(el, '::after').content);
  await page.keyboard.press('Shift');
  await pre.focus();
  expect(await hint()).toContain('Enter: read the types');
  await page.keyboard.press('Enter');
  expect(await hint()).toContain('Arrows');
  const first = await names.first().textContent();
  expect(await focused()).toBe(first);
  await expect(tip(page)).toBeVisible();
  expect((await focusedInfo()).described).toBe('code-type-tip');
  await expect(names.first()).toHaveCSS('outline-style', 'solid');

  // Right: the next name in reading order, with its own type.
  const before = await tip(page).textContent();
  await page.keyboard.press('ArrowRight');
  expect(await focused()).toBe(await names.nth(1).textContent());
  await expect(tip(page)).not.toHaveText(before!);
  await page.keyboard.press('ArrowLeft');
  expect(await focused()).toBe(first);

  // Down: a name on a later line; Up comes back to the first line.
  const start = await focusedInfo();
  await page.keyboard.press('ArrowDown');
  const down = await focusedInfo();
  expect(down.line).toBeGreaterThan(start.line);
  await page.keyboard.press('ArrowUp');
  expect((await focusedInfo()).line).toBe(start.line);

  // End: the block's last name, scrolled into view, its popup inside the viewport and next to it.
  await page.keyboard.press('End');
  expect(await focused()).toBe(await names.last().textContent());
  await expect(tip(page)).toBeVisible();
  const viewport = page.viewportSize()!;
  const t = (await tip(page).boundingBox())!;
  const n = (await names.last().boundingBox())!;
  expect(t.y + t.height).toBeLessThanOrEqual(viewport.height);
  expect(t.y).toBeGreaterThanOrEqual(0);
  expect(Math.min(Math.abs(t.y - (n.y + n.height)), Math.abs(t.y + t.height - n.y))).toBeLessThan(12);
  await page.keyboard.press('Home');
  expect(await focused()).toBe(first);

  // Escape: the popup goes and focus is back on the block, so Tab goes on from there.
  await page.keyboard.press('Escape');
  await expect(tip(page)).toBeHidden();
  expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('PRE');

  // Tab from a name leaves the block and hides the popup.
  await page.keyboard.press('Enter');
  await expect(tip(page)).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(tip(page)).toBeHidden();
  expect(await pre.evaluate((el) => el.contains(document.activeElement))).toBe(false);
  expect(problems).toEqual([]);
});

test('the popup is hoverable: the pointer can cross to it and rest there, then leaving hides it', async ({ page }) => {
  await page.goto('/docs/quickstart');
  const trpc = clientBlock(page).locator('[data-t]', { hasText: /^trpc$/ }).first();
  await trpc.scrollIntoViewIfNeeded();
  await trpc.hover();
  await expect(tip(page)).toBeVisible();
  const i = (await trpc.boundingBox())!;
  const t = (await tip(page).boundingBox())!;
  // From the identifier across the gap into the popup, slowly, as a hand does.
  const target = { x: t.x + Math.min(20, t.width / 2), y: t.y + t.height / 2 };
  await page.mouse.move(target.x, target.y, { steps: 8 });
  await page.waitForTimeout(400);
  await expect(tip(page)).toBeVisible();
  expect(await page.evaluate(([x, y]) => document.elementFromPoint(x!, y!)?.id, [target.x, target.y])).toBe('code-type-tip');
  // A click in the popup (to select its text) keeps it open.
  await page.mouse.click(target.x, target.y);
  await expect(tip(page)).toBeVisible();
  // Back on the identifier it stays; away from both it goes.
  await page.mouse.move(i.x + 2, i.y + i.height / 2, { steps: 4 });
  await page.waitForTimeout(300);
  await expect(tip(page)).toBeVisible();
  await page.mouse.move(5, 5, { steps: 4 });
  await expect(tip(page)).toBeHidden();
});

test('at 375 px a tap shows the type inside the viewport, a tap elsewhere hides it', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  const problems = watchProblems(page);
  await page.goto('/docs/quickstart');
  const block = clientBlock(page);
  // The last identifier of a long line sits at the right edge (or beyond, in the scrolled block).
  for (const name of [/^inStock$/, /^query$/]) {
    const id = block.locator('[data-t]', { hasText: name }).first();
    await id.scrollIntoViewIfNeeded();
    await id.tap();
    await expect(tip(page)).toBeVisible();
    // Bounding boxes are relative to the viewport.
    const t = (await tip(page).boundingBox())!;
    expect(t.x).toBeGreaterThanOrEqual(0);
    expect(t.x + t.width).toBeLessThanOrEqual(375);
    expect(t.y).toBeGreaterThanOrEqual(0);
    expect(t.y + t.height).toBeLessThanOrEqual(740);
  }
  // The keyboard's label stays out of the way of touch: a tap never shows it.
  expect(await block.locator('[class*="codeBlockContent_"]').evaluate((el) => getComputedStyle(el, '::after').content)).toBe('none');
  await page.locator('article h1').tap();
  await expect(tip(page)).toBeHidden();
  expect(problems).toEqual([]);
  await context.close();
});

test('near the bottom of the viewport the popup opens above the identifier', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 600 });
  await page.goto('/docs/quickstart');
  const id = clientBlock(page).locator('[data-t]', { hasText: /^inStock$/ }).first();
  await id.scrollIntoViewIfNeeded();
  // Put the identifier 20 px above the bottom edge.
  await id.evaluate((el) => {
    el.scrollIntoView({ block: 'end', behavior: 'instant' });
    window.scrollBy({ top: 20, behavior: 'instant' });
  });
  const i = (await id.boundingBox())!;
  expect(i.y, JSON.stringify(i)).toBeGreaterThan(500);
  expect(i.y + i.height, JSON.stringify(i)).toBeLessThan(600);
  // The mouse itself: hover() would first scroll the identifier to the middle.
  const onTop = await page.evaluate(([x, y]) => document.elementFromPoint(x!, y!)?.outerHTML.slice(0, 120), [i.x + 3, i.y + i.height / 2]);
  expect(onTop).toContain('inStock');
  await page.mouse.move(i.x + 3, i.y + i.height / 2, { steps: 2 });
  await expect(tip(page)).toBeVisible();
  const t = (await tip(page).boundingBox())!;
  expect(t.y + t.height).toBeLessThanOrEqual(i.y + 1);
  expect(t.y).toBeGreaterThanOrEqual(0);
});

test('the popup and the query boxes have their colours in light and dark mode', async ({ page }) => {
  await page.goto('/docs/quickstart');
  const block = clientBlock(page);
  const id = block.locator('[data-t]', { hasText: /^inStock$/ }).first();
  await id.hover();
  const colours = async () => ({
    tip: await tip(page).evaluate((el) => [getComputedStyle(el).backgroundColor, getComputedStyle(el).color]),
    query: await block.locator('.code-query-text').first().evaluate((el) => getComputedStyle(el).borderLeftColor),
  });
  const light = await colours();
  expect(light.tip).toEqual(['rgb(246, 248, 250)', 'rgb(31, 35, 40)']);
  await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'dark'));
  const dark = await colours();
  expect(dark.tip).toEqual(['rgb(33, 34, 44)', 'rgb(248, 248, 242)']);
  expect(dark.query).not.toBe(light.query);
});

test('the popup fades in, except when the reader prefers reduced motion', async ({ browser }) => {
  for (const reducedMotion of ['no-preference', 'reduce'] as const) {
    const context = await browser.newContext({ reducedMotion });
    const page = await context.newPage();
    await page.goto('/docs/quickstart');
    await clientBlock(page).locator('[data-t]', { hasText: /^inStock$/ }).first().hover();
    await expect(tip(page)).toBeVisible();
    const animation = await tip(page).evaluate((el) => getComputedStyle(el).animationName);
    expect(animation).toBe(reducedMotion === 'reduce' ? 'none' : 'code-type-tip-in');
    await context.close();
  }
});

test('the landing page demo shows the real completion list and the result type', async ({ page }) => {
  const problems = watchProblems(page);
  await page.goto('/');
  const demo = page.locator('[data-code-demo]');
  const items = demo.getByRole('listitem');
  await expect(items.filter({ hasText: 'bookById' })).toHaveAttribute('aria-current', 'true');
  await expect(items.filter({ hasText: 'bookList' })).toHaveCount(1);
  await expect(items.filter({ hasText: 'addBook' })).toHaveCount(1);
  // Each name has the letter an editor shows for its kind: the router's procedures are properties.
  await expect(items.filter({ hasText: 'bookById' })).toHaveAttribute('data-kind', 'property');
  await expect(items.filter({ hasText: 'bookById' }).locator('[aria-hidden="true"]')).toHaveText('P');
  await expect(demo).toContainText("const book = await trpc.bookById.query({ id: 'middlemarch' });");
  await expect(demo).toContainText(/const book: \{\s*id: string;\s*title: string;\s*author: string;\s*\}/);
  // Highlighted like the docs' blocks: punctuation is bare text, keywords keep their colour.
  await expect(demo.locator('.token.keyword').first()).toBeVisible();
  await expect(demo.locator('.token.punctuation')).toHaveCount(0);
  await demo.locator('[data-t]', { hasText: /^book$/ }).first().hover();
  await expect(tip(page)).toHaveText(/^const book: \{/);
  expect(problems).toEqual([]);
});
