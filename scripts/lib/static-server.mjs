// The production static server for site/build: gzip/brotli compression, long-lived caching for
// hashed assets, revalidation for HTML, clean URLs, and the 404 page with a real 404 status.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import compression from 'compression';
import handler from 'serve-handler';

const HASHED = /^\/assets\//;

/** Cache-Control for a request path: hashed assets never change, everything else revalidates. */
export function cacheControlFor(pathname) {
  if (HASHED.test(pathname)) return 'public, max-age=31536000, immutable';
  if (/\.(svg|png|ico|woff2?|webmanifest|xml|txt)$/.test(pathname)) return 'public, max-age=3600';
  return 'public, max-age=0, must-revalidate';
}

/**
 * The clean path for a request ending in /index.html, or in .html naming no file of the build; else null.
 * @param {string} pathname @param {string} root
 */
export function cleanPath(pathname, root) {
  if (pathname.endsWith('/index.html')) return pathname.slice(0, -'index.html'.length);
  if (!pathname.endsWith('.html')) return null;
  if (fs.existsSync(path.join(root, path.normalize(pathname).replace(/^([/\\])+/, '')))) return null;
  return pathname.slice(0, -'.html'.length);
}

/**
 * @param {{ root: string }} options
 * @returns {http.Server}
 */
export function createStaticServer({ root }) {
  if (!fs.existsSync(path.join(root, 'index.html'))) {
    throw new Error(`No site build at ${root}: run "npm run build" first.`);
  }
  const compress = compression();
  return http.createServer((req, res) => {
    compress(req, res, () => {
      let pathname = '/';
      try {
        pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
      } catch {
        res.statusCode = 400;
        res.setHeader('content-type', 'text/plain; charset=utf-8');
        res.end('Bad request: malformed URL');
        return;
      }
      // Old links ending in .html or /index.html go to the clean URL the site uses.
      const clean = cleanPath(pathname, root);
      if (clean) {
        res.statusCode = 301;
        res.setHeader('Location', clean + (req.url?.includes('?') ? req.url.slice(req.url.indexOf('?')) : ''));
        res.end();
        return;
      }
      res.setHeader('Cache-Control', cacheControlFor(pathname));
      res.setHeader('X-Content-Type-Options', 'nosniff');
      handler(req, res, {
        public: root,
        cleanUrls: true,
        trailingSlash: undefined,
        directoryListing: false,
        // The site's own paths never end in .html; old links that do are redirected to the clean URL.
        redirects: [],
      }).catch((error) => {
        res.statusCode = 500;
        res.end('Internal error');
        console.error('static server:', error);
      });
    });
  });
}
