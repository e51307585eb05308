import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { precompress } from '../lib/precompress.mjs';
import { cspDirectives, cspString, headersFile, inlineScriptHashes, writeSecurityHeaders } from '../lib/security-headers.mjs';

const sha = (text) => `'sha256-${crypto.createHash('sha256').update(text, 'utf8').digest('base64')}'`;

describe('inline script hashes', () => {
  it('hashes runnable inline scripts exactly as written, and nothing else', () => {
    const html = [
      '<script>a()</script>',
      '<script type="module">b()</script>',
      "<script type='text/javascript'>c()</script>",
      '<script data-rh=true type=application/ld+json>{"x":1}</script>',
      '<script src="/assets/js/main.js"></script>',
      '<script async src=/x.js></script>',
      '<SCRIPT>\n  d() // ü\n</SCRIPT >',
    ].join('');
    expect([...inlineScriptHashes(html)].sort()).toEqual([sha('a()'), sha('b()'), sha('c()'), sha('\n  d() // ü\n')].sort());
  });
});

describe('the policy', () => {
  it('connects only to the configured search origins, and to analytics only when it is on', () => {
    const d = cspDirectives({ scriptHashes: [sha('a()')], searchHosts: ['https://search.example.com/v1', 'https://b.example.com'] });
    expect(d['connect-src']).toEqual(["'self'", 'https://search.example.com', 'https://b.example.com']);
    expect(d['script-src']).toEqual(["'self'", sha('a()')]);
    expect(cspString(d)).not.toMatch(/google/);
    const ga = cspDirectives({ scriptHashes: [], searchHosts: ['https://s.example.com'], analytics: true, scriptUrls: ['https://widget.example.net/w.js'] });
    expect(ga['script-src']).toEqual(["'self'", 'https://www.googletagmanager.com', 'https://widget.example.net']);
  });

  it('allows no plugins, no other base or form targets and no framing, whatever the configuration', () => {
    const plain = cspDirectives({ scriptHashes: [], searchHosts: [] });
    const full = cspDirectives({ scriptHashes: [sha('a()')], searchHosts: ['https://s.example.com'], analytics: true, scriptUrls: ['https://w.example.net/w.js'] });
    for (const d of [plain, full]) {
      expect(d).toMatchObject({
        'default-src': ["'self'"],
        'object-src': ["'none'"],
        'base-uri': ["'self'"],
        'form-action': ["'self'"],
        'frame-ancestors': ["'none'"],
        'font-src': ["'self'"],
        'manifest-src': ["'self'"],
      });
    }
  });

  it('refuses a policy whose header line static hosts would drop (over 2,000 characters), writing nothing', () => {
    const build = (scripts) => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'headers-'));
      const body = Array.from({ length: scripts }, (_, i) => `<script>s(${i})</script>`).join('');
      fs.writeFileSync(path.join(dir, 'index.html'), `<!doctype html><html><head>${body}</head></html>`);
      return dir;
    };
    // 20 inline scripts: a CSP line of about 1,400 characters.
    const fits = build(20);
    expect(writeSecurityHeaders(fits, { searchHosts: ['http://127.0.0.1:7700'] }).scriptHashes).toHaveLength(20);
    expect(Math.max(...fs.readFileSync(path.join(fits, '_headers'), 'utf8').split('\n').map((l) => l.length))).toBeLessThan(2000);
    // 40: about 2,500 characters, which Cloudflare Pages would ignore (the site would go without a CSP).
    const over = build(40);
    expect(() => writeSecurityHeaders(over, { searchHosts: ['http://127.0.0.1:7700'] })).toThrow(/^_headers: a line is \d+ characters; static hosts cut at 2,000/);
    expect(fs.existsSync(path.join(over, '_headers'))).toBe(false);
    expect(fs.existsSync(path.join(over, '.security-headers.json'))).toBe(false);
    for (const dir of [fits, over]) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('writes HSTS for static hosts only when the site is served over HTTPS', () => {
    const d = cspDirectives({ scriptHashes: [], searchHosts: ['http://127.0.0.1:7700'] });
    expect(headersFile(d, { https: false })).not.toMatch(/Strict-Transport-Security/);
    expect(headersFile(d, { https: true })).toMatch(/^  Strict-Transport-Security: max-age=\d+/m);
    expect(headersFile(d, { https: false })).toMatch(/^\/assets\/\*\n  Cache-Control: public, max-age=31536000, immutable$/m);
  });
});

describe('precompress', () => {
  it('writes .br and .gz that decode to the file, skipping small and incompressible files', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'precompress-'));
    const text = 'export const x = "hello";\n'.repeat(500);
    fs.writeFileSync(path.join(dir, 'main.js'), text);
    fs.writeFileSync(path.join(dir, 'tiny.css'), 'a{b:c}');
    fs.writeFileSync(path.join(dir, 'photo.png'), crypto.randomBytes(5000));
    const markdown = '# Define routers\n\nA router groups procedures.\n'.repeat(100);
    fs.writeFileSync(path.join(dir, 'page.md'), markdown);
    await precompress(dir);
    expect(zlib.brotliDecompressSync(fs.readFileSync(path.join(dir, 'page.md.br'))).toString()).toBe(markdown);
    expect(zlib.brotliDecompressSync(fs.readFileSync(path.join(dir, 'main.js.br'))).toString()).toBe(text);
    expect(zlib.gunzipSync(fs.readFileSync(path.join(dir, 'main.js.gz'))).toString()).toBe(text);
    expect(fs.existsSync(path.join(dir, 'tiny.css.br'))).toBe(false);
    expect(fs.existsSync(path.join(dir, 'photo.png.br'))).toBe(false);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('keeps no copy that is not smaller than the file it stands for', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'precompress-'));
    // An icon of random bytes: a compressible type by name, but neither brotli nor gzip can shrink it.
    fs.writeFileSync(path.join(dir, 'favicon.ico'), crypto.randomBytes(5000));
    fs.writeFileSync(path.join(dir, 'main.js'), 'export const x = "hello";\n'.repeat(500));
    const total = await precompress(dir);
    expect(fs.existsSync(path.join(dir, 'favicon.ico.br'))).toBe(false);
    expect(fs.existsSync(path.join(dir, 'favicon.ico.gz'))).toBe(false);
    expect(fs.existsSync(path.join(dir, 'main.js.br'))).toBe(true);
    expect(total.files).toBeGreaterThanOrEqual(1);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
