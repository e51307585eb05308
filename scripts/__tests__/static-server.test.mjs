import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheControlFor, createStaticServer } from '../lib/static-server.mjs';

let base = '';
let server;
let root = '';

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'static-'));
  fs.mkdirSync(path.join(root, 'assets/js'), { recursive: true });
  fs.mkdirSync(path.join(root, 'docs/quickstart'), { recursive: true });
  fs.writeFileSync(path.join(root, 'index.html'), '<h1>home</h1>');
  fs.writeFileSync(path.join(root, '404.html'), '<h1>Page Not Found</h1>');
  fs.writeFileSync(path.join(root, 'docs/quickstart/index.html'), '<h1>quickstart</h1>');
  fs.writeFileSync(path.join(root, 'assets/js/main.1234abcd.js'), 'console.log(1);'.repeat(200));
  server = createStaticServer({ root });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${server.address().port}`;
});
afterAll(() => server?.close());

describe('static server', () => {
  it('serves pages with revalidation and hashed assets as immutable, compressed', async () => {
    const page = await fetch(`${base}/docs/quickstart`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('quickstart');
    expect(page.headers.get('cache-control')).toContain('must-revalidate');
    const asset = await fetch(`${base}/assets/js/main.1234abcd.js`, { headers: { 'accept-encoding': 'gzip' } });
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(asset.headers.get('content-encoding')).toBe('gzip');
  });

  it('answers unknown paths with the 404 page and status 404', async () => {
    const res = await fetch(`${base}/no/such/page`);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('Page Not Found');
  });

  it('answers a malformed URL with 400, not a crash', async () => {
    const res = await fetch(`${base}/%E0%A4%A`);
    expect(res.status).toBe(400);
    expect((await fetch(`${base}/`)).status).toBe(200);
  });

  it('redirects .html and /index.html to the clean URL, keeping the query', async () => {
    const html = await fetch(`${base}/docs/quickstart.html?x=1`, { redirect: 'manual' });
    expect(html.status).toBe(301);
    expect(html.headers.get('location')).toBe('/docs/quickstart?x=1');
    const index = await fetch(`${base}/docs/quickstart/index.html`, { redirect: 'manual' });
    expect(index.status).toBe(301);
    expect(index.headers.get('location')).toMatch(/^\/docs\/quickstart\/?$/);
    expect((await fetch(`${base}/404.html`)).status).toBe(200);
  });

  it('refuses to start without a build', () => {
    expect(() => createStaticServer({ root: path.join(root, 'missing') })).toThrow(/npm run build/);
  });

  it('classifies cache lifetimes', () => {
    expect(cacheControlFor('/assets/css/styles.abc.css')).toContain('immutable');
    expect(cacheControlFor('/blog')).toContain('max-age=0');
  });
});
