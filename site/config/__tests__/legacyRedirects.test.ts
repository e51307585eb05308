import { describe, expect, it } from 'vitest';
import { legacyRedirects, redirectsFile, RENAMED } from '../legacyRedirects';

const routes = [
  '/',
  '/blog/trpc-actions',
  '/docs',
  '/docs/quickstart',
  '/docs/concepts',
  '/docs/server/context',
  '/docs/server/routers',
  '/docs/server/adapters/express',
  '/docs/server/adapters/fastify',
  '/docs/client/links',
  '/docs/client/links/localLink',
  '/docs/client/react/setup',
  '/docs/client/tanstack-react-query/setup',
  '/docs/client/react/useUtils',
  '/docs/server/error-handling',
  '/docs/client/nextjs/app-router',
  '/docs/client/nextjs/setup',
  '/docs/client/nextjs/ssr',
  '/docs/client/react',
  '/docs/server/introduction',
  '/docs/faq',
  '/docs/typedoc/server/adapters/express',
  '/docs/tags/react',
  '/docs/v10/',
  '/docs/v10/server/context',
  '/docs/v10/client/react/useUtils',
  '/docs/v9/context',
];
const map = (rs: { from: string; to: string }[]) => new Map(rs.map((r) => [r.from, r.to]));

describe('legacyRedirects', () => {
  const redirects = map(legacyRedirects(routes, []));

  it('serves the 11.x pages under /docs/v11/ too, the version root included', () => {
    expect(redirects.get('/docs/v11/quickstart')).toBe('/docs/quickstart');
    expect(redirects.get('/docs/v11/server/routers')).toBe('/docs/server/routers');
    expect(redirects.get('/docs/v11')).toBe('/docs');
    // Not for the older versions, the API reference or generated lists.
    expect(redirects.has('/docs/v11/v10/server/context')).toBe(false);
    expect(redirects.has('/docs/v11/typedoc/server/adapters/express')).toBe(false);
    expect(redirects.has('/docs/v11/tags/react')).toBe(false);
  });

  it('sends a flat address to the one page of its version whose path ends with it', () => {
    expect(redirects.get('/docs/context')).toBe('/docs/server/context');
    expect(redirects.get('/docs/v11/context')).toBe('/docs/server/context');
    expect(redirects.get('/docs/links/localLink')).toBe('/docs/client/links/localLink');
    expect(redirects.get('/docs/localLink')).toBe('/docs/client/links/localLink');
    expect(redirects.get('/docs/links')).toBe('/docs/client/links');
    expect(redirects.get('/docs/express')).toBe('/docs/server/adapters/express');
    expect(redirects.get('/docs/adapters/express')).toBe('/docs/server/adapters/express');
    // Each version within itself.
    expect(redirects.get('/docs/v10/context')).toBe('/docs/v10/server/context');
    expect(redirects.get('/docs/v10/useUtils')).toBe('/docs/v10/client/react/useUtils');
  });

  it('makes no address two pages end with, and never one where a page is', () => {
    // client/react/setup and client/tanstack-react-query/setup
    expect(redirects.has('/docs/setup')).toBe(false);
    expect(redirects.get('/docs/react/setup')).toBe('/docs/client/react/setup');
    // /docs/v9/context is a page of 9.x: not redirected, nor shadowed by another version's rule.
    expect(redirects.has('/docs/v9/context')).toBe(false);
    for (const from of redirects.keys()) expect(routes.map((r) => r.replace(/\/$/, '')), from).not.toContain(from);
  });

  it('adds the renamed pages, and refuses a rule to a missing page or over an existing one', () => {
    const renamed = [{ from: '/docs/v10/useContext', to: '/docs/v10/client/react/useUtils' }];
    expect(map(legacyRedirects(routes, renamed)).get('/docs/v10/useContext')).toBe('/docs/v10/client/react/useUtils');
    expect(() => legacyRedirects(routes, [{ from: '/docs/old', to: '/docs/gone' }])).toThrow(/no page at \/docs\/gone/);
    expect(() => legacyRedirects(routes, [{ from: '/docs/quickstart', to: '/docs/concepts' }])).toThrow(/has a page at \/docs\/quickstart/);
    expect(() => legacyRedirects(routes, [{ from: '/docs/a b', to: '/docs/concepts' }])).toThrow(/plain paths/);
    // A target may name a section; the page must exist.
    expect(map(legacyRedirects(routes, [{ from: '/docs/openapi', to: '/docs/concepts#x' }])).get('/docs/openapi')).toBe('/docs/concepts#x');
    expect(() => legacyRedirects(routes, [{ from: '/docs/openapi', to: '/docs/gone#x' }])).toThrow(/no page at \/docs\/gone\./);
  });

  it("the project's renamed pages each point at a page of these routes", () => {
    expect(() => legacyRedirects(routes)).not.toThrow();
    // Each names the package, its version, where in it (for files other than the code) and the link.
    for (const r of RENAMED) expect(r.link).toMatch(/^@trpc\/[\w-]+ \d+\.\d+\.\d+: (\S+\.md, )?https:\/\/trpc\.io\/docs\//);
  });

  it('writes one "from to 301" line per redirect', () => {
    expect(redirectsFile([{ from: '/a', to: '/b' }])).toMatch(/^# .*\n\/a \/b 301\n$/);
  });
});
