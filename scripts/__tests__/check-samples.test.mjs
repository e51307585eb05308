// The sample checker run as `npm test` runs it, over a small site of its own: pages that take a file
// from another page (`from="..."`) compile that page's code, and report where it goes wrong.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const checker = path.join(root, 'scripts', 'check-samples.mjs');
const sites = [];
afterEach(() => {
  for (const dir of sites.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const fence = (meta, ...code) => ['```ts ' + meta, ...code, '```', ''].join('\n');

/** Writes a site with the given pages (path relative to site/ -> Markdown) and runs the checker on it. */
function check(pages, extra = []) {
  const site = fs.mkdtempSync(path.join(os.tmpdir(), 'check-samples-'));
  sites.push(site);
  for (const [rel, text] of Object.entries(pages)) {
    fs.mkdirSync(path.dirname(path.join(site, rel)), { recursive: true });
    fs.writeFileSync(path.join(site, rel), text);
  }
  return new Promise((resolve) => {
    execFile(process.execPath, [checker, '--quiet', '--site', site, ...extra], { cwd: root }, (error, stdout, stderr) =>
      resolve({ code: error ? error.code : 0, out: stdout + stderr }),
    );
  });
}

/** The Quickstart page: `server/prices.ts`, whose `total` returns `type` (both versions compile there). */
const quickstart = (type) =>
  [
    '# Quickstart\n',
    fence(
      'title="server/prices.ts"',
      type === 'number'
        ? 'export const total = (cents: number[]): number => cents.reduce((a, b) => a + b, 0);'
        : "export const total = (cents: number[]): string => cents.join(', ');",
    ),
  ].join('\n');
const later = [
  '# A later page\n',
  fence('title="server/prices.ts" hidden from="../quickstart.md"'),
  fence('title="server/cart.ts"', "import { total } from './prices';", 'export const sum: number = total([250, 1999]);'),
].join('\n');

describe('check-samples: files taken from another page', () => {
  it("compiles a later page's blocks against the named page's file", { timeout: 60_000 }, async () => {
    const r = await check({ 'docs/quickstart.md': quickstart('number'), 'docs/server/cart.md': later });
    expect(r.out).toContain('0 problems');
    expect(r.code).toBe(0);
  });

  it('fails the later page when the named page changes the file under it', { timeout: 60_000 }, async () => {
    const r = await check({ 'docs/quickstart.md': quickstart('string'), 'docs/server/cart.md': later });
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/docs\/server\/cart\.md:\d+:\d+ \[v11\] TS2322/);
    expect(r.out).not.toContain('docs/quickstart.md:');
  });

  it("reports an error inside the taken file at its own page, naming the project it broke in", { timeout: 60_000 }, async () => {
    // prices.ts imports a file that only the Quickstart page has: fine there, missing in the later page.
    const withCurrency = [
      '# Quickstart\n',
      fence('title="server/currency.ts"', "export const currency = 'EUR';"),
      fence('title="server/prices.ts"', "import { currency } from './currency';", 'export const total = (cents: number[]): number => (currency ? cents.length : 0);'),
    ].join('\n');
    const r = await check({ 'docs/quickstart.md': withCurrency, 'docs/server/cart.md': later });
    expect(r.code).toBe(1);
    expect(r.out).toContain("docs/quickstart.md:8:26 (in docs/server/cart.md's project) [v11] TS2307: Cannot find module './currency'");
    expect(r.out.match(/TS2307/g)).toHaveLength(1);
  });

  it('fails a copy that drifted from the page it names', { timeout: 60_000 }, async () => {
    const drifted = later.replace(
      fence('title="server/prices.ts" hidden from="../quickstart.md"'),
      fence('title="server/prices.ts" hidden from="../quickstart.md"', 'export const total = (cents: number[]) => cents.length;'),
    );
    const r = await check({ 'docs/quickstart.md': quickstart('number'), 'docs/server/cart.md': drifted });
    expect(r.code).toBe(1);
    expect(r.out).toContain('docs/server/cart.md:4: from="../quickstart.md": differs from server/prices.ts at docs/quickstart.md:4; first at its line 1');
  });

  it('fails a page that names a page that is not there', { timeout: 60_000 }, async () => {
    const r = await check({ 'docs/server/cart.md': later });
    expect(r.code).toBe(1);
    expect(r.out).toContain('docs/server/cart.md:4: from="../quickstart.md": no page at docs/quickstart.md');
  });

  it('refuses a --site without a docs folder', async () => {
    const r = await check({ 'blog/post.md': '# Post\n' }, ['--site', '/nonexistent']);
    expect(r.code).toBe(2);
    expect(r.out).toContain('--site needs a folder with a docs/ folder');
  });
});
