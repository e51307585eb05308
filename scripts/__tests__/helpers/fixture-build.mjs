// A small site build for server tests: pages, the 404 page, hashed assets (with `big`, one large and
// random, so it cannot be compressed), an inline script like Docusaurus's, and the files the real build writes
// (security headers, .br/.gz copies, the source stamp).
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { precompress } from '../../lib/precompress.mjs';
import { writeSecurityHeaders } from '../../lib/security-headers.mjs';

export const INLINE_SCRIPT = 'document.documentElement.setAttribute("data-theme","light")';
export const BIG_ASSET = '/assets/big.0123abcd.bin';
export const BIG_BYTES = 48 * 1024 * 1024;
export const MAIN_JS = '/assets/js/main.1234abcd.js';

const page = (body) =>
  `<!doctype html><html><head><title>t</title><script>${INLINE_SCRIPT}</script>` +
  `<script type="application/ld+json">{"@type":"WebPage"}</script></head><body>${body}${'<p>filler text</p>'.repeat(200)}</body></html>`;

/** @returns {Promise<string>} the build directory */
export async function fixtureBuild({ searchHosts = ['http://127.0.0.1:7700', 'http://127.0.0.1:7701'], big = false } = {}) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'site-build-'));
  const write = (rel, data) => {
    fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    fs.writeFileSync(path.join(root, rel), data);
  };
  write('index.html', page('<h1>home</h1>'));
  write('404.html', page('<h1>Page Not Found</h1>'));
  write('docs/v10/404.html', page('<h1>Page Not Found</h1><p>version 10.x</p>'));
  write('docs/quickstart/index.html', page('<h1>quickstart</h1>'));
  write('docs/index.html', page('<h1>docs</h1>'));
  write('docs/quickstart.md', '# Quickstart\n\nDefine a router, then call it.\n'.repeat(100));
  write(MAIN_JS.slice(1), 'console.log("main");\n'.repeat(2000));
  write('img/logo.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>');
  write('.source-hash', 'secret-stamp\n');
  // Old addresses of the docs (site/config/legacyRedirects.ts writes this file in a real build); the
  // last one names a page the build has, which wins.
  write('_redirects', '# comment\n/docs/v11/quickstart /docs/quickstart 301\n/docs/start /docs/quickstart\n\n/docs /docs/quickstart 301\n');
  if (big) write(BIG_ASSET.slice(1), crypto.randomBytes(BIG_BYTES));
  writeSecurityHeaders(root, { searchHosts });
  await precompress(root);
  return root;
}
