import { expect, test, type Page } from '../support/test';

// Work a doc page does on a phone while it loads and hydrates that readers never see, and that
// Lighthouse's mobile profile counts as blocking time (ARCHITECTURE.md, "Hydration cost").

test.use({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });

/** Waits for hydration (the code blocks' copy buttons are rendered in the browser only) and quiet. */
async function loaded(page: Page) {
  await expect(page.locator('.theme-code-block').first().getByRole('button', { name: /copy code/i })).toBeAttached();
  await page.waitForLoadState('networkidle');
}

test('only links on screen are prefetched, each chunk file once and none the page already runs', async ({ page }) => {
  await page.addInitScript(() => {
    // Record the routes Docusaurus prefetches (its links call window.docusaurus.prefetch when seen).
    const w = window as unknown as { docusaurus?: { prefetch(route: string): unknown }; prefetched: string[] };
    w.prefetched = [];
    let value: typeof w.docusaurus;
    Object.defineProperty(window, 'docusaurus', {
      configurable: true,
      get: () => value,
      set: (next: NonNullable<typeof w.docusaurus>) => {
        value = { ...next, prefetch: (route: string) => (w.prefetched.push(route), next.prefetch(route)) };
      },
    });
  });
  await page.goto('/docs/client/tanstack-react-query/usage');
  await loaded(page);
  const result = await page.evaluate(() => {
    const onScreen = (a: Element) => {
      const r = a.getBoundingClientRect();
      return !a.closest('.navbar-sidebar') && r.width > 0 && r.bottom > 0 && r.top < innerHeight && r.right > 0 && r.left < innerWidth;
    };
    const routes = [...new Set((window as unknown as { prefetched: string[] }).prefetched)];
    const files = [...document.querySelectorAll('link[rel=prefetch]')].map((l) => l.getAttribute('href')!);
    const scripts = new Set([...document.querySelectorAll('script[src]')].map((s) => s.getAttribute('src')));
    return {
      routes: routes.length,
      offScreen: routes.filter((route) => ![...document.querySelectorAll(`a[href="${route}"]`)].some(onScreen)),
      files: files.length,
      distinct: new Set(files).size,
      alreadyRun: files.filter((f) => scripts.has(f)),
    };
  });
  // The breadcrumbs and the logo are on screen; the closed menu's doc sidebar is not.
  expect(result.routes).toBeGreaterThan(0);
  expect(result.offScreen).toEqual([]);
  expect(result.files).toBe(result.distinct);
  expect(result.alreadyRun).toEqual([]);
});

test('loading a doc page, the pricing page or the landing page starts no ICU service (no Intl formatter, no localeCompare)', async ({ page }) => {
  // The first of these on a page starts ICU, about 30 ms of main thread on a desktop CPU.
  await page.addInitScript(() => {
    const w = window as unknown as { icu: string[] };
    w.icu = [];
    const compare = String.prototype.localeCompare;
    String.prototype.localeCompare = function (this: string, ...args: Parameters<typeof compare>) {
      w.icu.push(`localeCompare: ${new Error().stack?.split('\n')[2]?.trim()}`);
      return compare.apply(this, args);
    };
    for (const name of ['DateTimeFormat', 'Collator', 'NumberFormat', 'PluralRules', 'RelativeTimeFormat', 'ListFormat'] as const) {
      const Original = Intl[name] as unknown as new (...args: unknown[]) => object;
      (Intl as unknown as Record<string, unknown>)[name] = new Proxy(Original, {
        construct(target, args) {
          w.icu.push(`Intl.${name}: ${new Error().stack?.split('\n')[2]?.trim()}`);
          return new target(...args);
        },
      });
    }
  });
  // Code blocks, the "Last updated" date and the phone menu's doc sidebar all used one.
  await page.goto('/docs/quickstart');
  await loaded(page);
  await expect(page.locator('.theme-last-updated time')).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
  expect(await page.evaluate(() => (window as unknown as { icu: string[] }).icu)).toEqual([]);
  // The pricing page's amounts used Intl.NumberFormat; the landing page is checked alongside.
  for (const path of ['/pricing', '/']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => (window as unknown as { icu: string[] }).icu), path).toEqual([]);
    if (path === '/pricing') {
      // The amounts still read as dollars with thousands separators.
      await expect(page.locator('[class^="price_"]', { hasText: '$' }).first()).toHaveText(/^\$\d{1,3}(,\d{3})* /);
    }
  }
});

test('a doc page lists its route chunks in its HTML: the load runs no script the page did not name, none twice', async ({ page }) => {
  // Before, only runtime~main and main.js were in the HTML: main.js had to run before it could ask
  // for the route's chunks (script elements it created, one network round trip later).
  const requested: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') requested.push(new URL(request.url()).pathname);
  });
  const response = await page.goto('/docs/quickstart');
  const html = await response!.text();
  const listed = [...html.matchAll(/<link rel="?preload"? as="?script"?[^>]* href="?([^" >]+)"? data-load="?(?:defer|async)"?/g)].map((m) => m[1]);
  await loaded(page);
  expect(listed.length).toBeGreaterThan(2);
  expect(listed.filter((src) => /\/(runtime~main|main)\.[0-9a-f]+\.js$/.test(src))).toHaveLength(2);
  expect(requested.length).toBeGreaterThan(0);
  expect(requested.filter((src) => !listed.includes(src))).toEqual([]);
  // A preload and the script element that uses it are one request.
  expect(requested.length).toBe(new Set(requested).size);
});

test('a doc page is painted before any of its scripts runs, and then hydrates', async ({ page }) => {
  // With `defer`, scripts that had arrived ran as soon as the document was parsed, and the first
  // paint waited for main.js to evaluate. Now the page's scripts are added after the first frame.
  await page.addInitScript(() => {
    const w = window as unknown as { scriptsAddedAt: number[] };
    w.scriptsAddedAt = [];
    const append = Node.prototype.appendChild;
    Node.prototype.appendChild = function <T extends Node>(this: Node, node: T): T {
      if (node instanceof HTMLScriptElement && node.src) w.scriptsAddedAt.push(performance.now());
      return append.call(this, node) as T;
    };
  });
  const response = await page.goto('/docs/client/links/retryLink');
  expect(await response!.text()).not.toMatch(/<script [^>]*src=/);
  await loaded(page);
  const timing = await page.evaluate(() => ({
    firstPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
    added: (window as unknown as { scriptsAddedAt: number[] }).scriptsAddedAt,
  }));
  expect(timing.firstPaint).toBeGreaterThan(0);
  // The entry and every route chunk (more than runtime~main and main.js).
  expect(timing.added.length).toBeGreaterThan(2);
  expect(Math.min(...timing.added)).toBeGreaterThanOrEqual(timing.firstPaint!);
  // And it hydrated (loaded() waited for the copy buttons, which only the browser renders).
  await expect(page.locator('html')).toHaveAttribute('data-has-hydrated', 'true');
});

test('hydration keeps the server-rendered tab groups and code blocks instead of mounting them again', async ({ page }) => {
  // The theme keyed every tab group by "is this the browser", so after hydration each install
  // block's DOM was removed, inserted again and the whole page laid out a second time.
  await page.addInitScript(() => {
    const w = window as unknown as { removed: string[] };
    w.removed = [];
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.removedNodes) {
          if (!(node instanceof Element)) continue;
          const hit = node.matches('.tabs-container, .theme-code-block, pre') ? node : node.querySelector('.tabs-container, .theme-code-block, pre');
          if (hit) w.removed.push(hit.className || hit.tagName);
        }
      }
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto('/docs/quickstart');
  await loaded(page);
  // The page has package-manager tabs, and choosing one still works after hydration.
  const tabs = page.locator('.tabs-container').first();
  await expect(tabs.getByRole('tab')).toHaveCount(4);
  expect(await page.evaluate(() => (window as unknown as { removed: string[] }).removed)).toEqual([]);
  await tabs.getByRole('tab', { name: 'Yarn', exact: true }).click();
  await expect(tabs.getByRole('tabpanel').filter({ visible: true })).toContainText('yarn add');
});

test('main.js starts the client in steps, each in a task of its own, none in the task that compiled main.js', async ({ browser, page }) => {
  // Evaluated as one, the client's modules and the first route's preload were a single task of
  // 60–120 ms on a desktop CPU, four times that on Lighthouse's phone (src/client/stagedEntry.ts).
  await browser.startTracing(page, { categories: ['toplevel', 'devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink.user_timing'] });
  await page.goto('/docs/client/links/retryLink');
  await loaded(page);
  type TraceEvent = { name: string; cat: string; ph: string; ts: number; dur?: number; pid: number; tid: number; args?: { callTime?: number; data?: { url?: string } } };
  const events = (JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: TraceEvent[] }).traceEvents;
  const compile = events.find((e) => e.name === 'EvaluateScript' && /\/assets\/js\/main\.[0-9a-f]+\.js$/.test(e.args?.data?.url ?? ''));
  expect(compile, 'the trace shows main.js being evaluated').toBeDefined();
  const tasks = events.filter((e) => e.name === 'RunTask' && e.ph === 'X' && e.pid === compile!.pid && e.tid === compile!.tid);
  const taskOf = (ts: number) => tasks.findIndex((t) => t.ts <= ts && ts <= t.ts + t.dur!);
  // Each step is a performance measure, recorded when the step has finished: `callTime` is that
  // moment on the trace's clock (a measure's own start and end are coarsened to 0.1 ms). A measure
  // whose start and end coarsen to the same instant is traced as one instant event (phase `n`)
  // instead of a begin/end pair: seen twice in CI for the shortest step, "route chunk registry".
  const steps = events
    .filter((e) => e.cat === 'blink.user_timing' && (e.ph === 'b' || e.ph === 'n') && e.name.startsWith('client start-up: '))
    .map((e) => ({ name: e.name.slice('client start-up: '.length), task: taskOf(e.args?.callTime ?? e.ts) }));
  // The message lists every start-up event the trace holds, with its phase, should one be missing.
  const seen = events.filter((e) => e.name.startsWith('client start-up: ')).map((e) => `${e.name.slice(17)} [${e.cat} ${e.ph}]`);
  expect(steps.map((s) => s.name), seen.join(', ')).toEqual(['React DOM', 'router', 'client modules', 'route chunk registry', 'route table', 'app shell', 'hydration start']);
  for (const step of steps) expect(step.task, `${step.name} finished inside a task`).toBeGreaterThanOrEqual(0);
  const stepTasks = steps.map((s) => s.task);
  expect(new Set(stepTasks).size, 'one task per step').toBe(steps.length);
  expect(stepTasks).not.toContain(taskOf(compile!.ts));
  await expect(page.locator('html')).toHaveAttribute('data-has-hydrated', 'true');
});

test('main.js, and no other script, starts with V8`s compile hint', async ({ page, request }) => {
  // Chromium compiles a hinted script's functions on a background thread while it streams in;
  // main.js holds what runs at start-up (config/clientStartupPlugin.ts).
  const response = await page.goto('/docs/quickstart');
  const html = await response!.text();
  const scripts = [...html.matchAll(/<link rel=preload as=script [^>]*href=([^ >]+)/g)].map((m) => m[1]);
  expect(scripts.some((src) => /\/main\.[0-9a-f]+\.js$/.test(src))).toBe(true);
  for (const src of scripts) {
    const firstLine = (await (await request.get(src)).text()).split('\n', 1)[0];
    expect(firstLine === '//# allFunctionsCalledOnLoad', src).toBe(/\/main\.[0-9a-f]+\.js$/.test(src));
  }
});

test.describe('code blocks off screen', () => {
  const PAGE = '/docs/client/tanstack-react-query/usage';
  /** Per `<pre>`: whether the browser skips drawing its code, and its height. */
  const blocks = (page: Page) =>
    page.evaluate(() =>
      [...document.querySelectorAll('pre.prism-code')].map((pre) => ({
        skipped: !pre.firstElementChild!.checkVisibility({ contentVisibilityAuto: true }),
        height: pre.getBoundingClientRect().height,
      })),
    );

  test('are not drawn at load, keep the height they have once drawn, and are drawn when scrolled to', async ({ page }) => {
    // Laying out every token of a long guide at load was most of its blocking time on a phone.
    await page.goto(PAGE);
    await loaded(page);
    const before = await blocks(page);
    expect(before.length).toBeGreaterThan(10);
    expect(before[0]!.skipped, 'the first block, on screen, is drawn').toBe(false);
    const skipped = before.flatMap((b, i) => (b.skipped ? [i] : []));
    expect(skipped.length, 'blocks below the fold are skipped').toBeGreaterThan(before.length / 2);
    const pageHeight = await page.evaluate(() => document.documentElement.scrollHeight);
    const last = skipped.at(-1)!;
    await page.locator('pre.prism-code').nth(last).scrollIntoViewIfNeeded();
    await expect.poll(async () => (await blocks(page))[last]!.skipped).toBe(false);
    const after = await blocks(page);
    // Every block has the height it had while skipped (its lines and answer boxes), so nothing moved.
    for (const i of skipped) expect(Math.abs(after[i]!.height - before[i]!.height), `block ${i}`).toBeLessThanOrEqual(3);
    expect(Math.abs((await page.evaluate(() => document.documentElement.scrollHeight)) - pageHeight)).toBeLessThanOrEqual(3 * skipped.length);
    // The block drawn now is a real code block: its names carry their types.
    await expect(page.locator('pre.prism-code').nth(last).locator('[data-t]').first()).toBeVisible();
  });

  test('a heading far down the page is where a link to it scrolls', async ({ page }) => {
    await page.goto(`${PAGE}#naming-types`);
    await loaded(page);
    // At the top of the screen and not under the navbar, with the (skipped) blocks above it at the
    // height of their lines.
    const atTop = () =>
      page.evaluate(() => {
        const h = document.getElementById('naming-types')!;
        const r = h.getBoundingClientRect();
        const hit = document.elementFromPoint(r.left + 10, r.top + r.height / 2);
        return r.top >= 0 && r.top < 160 && !!hit && h.contains(hit);
      });
    await expect.poll(atTop).toBe(true);
    expect((await blocks(page)).filter((b) => b.skipped).length, 'blocks above it were not drawn to get there').toBeGreaterThan(3);
  });

  test('a block off screen at load is drawn and on top when the keyboard reaches it', async ({ page }) => {
    await page.goto(PAGE);
    await loaded(page);
    const skipped = (await blocks(page)).map((b) => b.skipped);
    let reached: { drawn: boolean; onTop: boolean } | null = null;
    for (let i = 0; i < 200 && !reached; i++) {
      await page.keyboard.press('Tab');
      reached = await page.evaluate((skippedAtLoad) => {
        const focused = document.activeElement as HTMLElement;
        const pres = [...document.querySelectorAll('pre.prism-code')];
        const index = pres.indexOf(focused);
        if (index < 0 || !skippedAtLoad[index]) return null;
        const r = focused.getBoundingClientRect();
        const hit = document.elementFromPoint(r.left + 20, Math.max(r.top, 0) + 12);
        return { drawn: focused.firstElementChild!.checkVisibility({ contentVisibilityAuto: true }), onTop: !!hit && focused.contains(hit) };
      }, skipped);
    }
    expect(reached, 'Tab reached a block that was skipped at load').not.toBeNull();
    await expect.poll(async () => (await blocks(page)).filter((b, i) => skipped[i] && !b.skipped).length).toBeGreaterThan(0);
    expect(reached).toEqual({ drawn: true, onTop: true });
  });

  test('a wide block that was off screen at load offers word wrap once it is drawn', async ({ page }) => {
    await page.goto(PAGE);
    await loaded(page);
    const skipped = (await blocks(page)).flatMap((b, i) => (b.skipped ? [i] : []));
    // The first skipped block whose code is wider than the phone's screen.
    let wide = -1;
    for (const i of skipped) {
      const pre = page.locator('pre.prism-code').nth(i);
      await pre.scrollIntoViewIfNeeded();
      await expect.poll(async () => (await blocks(page))[i]!.skipped).toBe(false);
      if (await pre.evaluate((el) => el.scrollWidth > el.clientWidth)) {
        wide = i;
        break;
      }
    }
    expect(wide, 'the page has a wide block below the fold').toBeGreaterThanOrEqual(0);
    const frames = page.locator('.theme-code-block');
    await expect(frames).toHaveCount((await blocks(page)).length);
    await expect(frames.nth(wide).getByRole('button', { name: /toggle word wrap/i })).toHaveCount(1);
  });

  test('in a browser that does not report drawing, a wide block off screen offers word wrap all the same', async ({ page }) => {
    // Without `contentvisibilityautostatechange` the hook measures every block at once, as it did.
    await page.addInitScript(() => {
      delete (window as unknown as Record<string, unknown>).ContentVisibilityAutoStateChangeEvent;
    });
    await page.goto(PAGE);
    await loaded(page);
    const all = await blocks(page);
    const wide = await page.locator('pre.prism-code').evaluateAll((pres) =>
      pres.map((pre) => {
        (pre as HTMLElement).style.contentVisibility = 'visible';
        const wider = pre.scrollWidth > pre.clientWidth;
        (pre as HTMLElement).style.contentVisibility = '';
        return wider;
      }),
    );
    const target = all.findIndex((b, i) => b.skipped && wide[i]);
    expect(target, 'a wide block is off screen at load').toBeGreaterThan(0);
    await expect(page.locator('.theme-code-block').nth(target).getByRole('button', { name: /toggle word wrap/i })).toHaveCount(1);
  });
});
