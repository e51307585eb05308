/**
 * Addresses of the docs that readers still arrive at, sent to the page that has the content now.
 *
 * The published `@trpc/*` packages link to the docs from their JSDoc (`@see https://trpc.io/docs/…`),
 * which an editor shows on hover. Those links were written over the years against other layouts of
 * the docs: `/docs/v11/…` for the 11.x pages (served here at `/docs/…`), flat addresses from before
 * the docs had folders (`/docs/context` for `/docs/server/context`, `/docs/links/localLink`), and a few
 * pages that were renamed. Before these rules, 37 of the 83 addresses that the installed 9.x, 10.x
 * and 11.x packages link to answered 404.
 *
 * Rules, per docs version, from the build's own routes (so they follow the docs as pages move):
 * - 11.x under `/docs/v11/` as well as `/docs/`;
 * - a page's address without its leading folders (any trailing part of its path), when that part
 *   names one page of the version and nothing else is served there (`/docs/context` →
 *   `/docs/server/context`; `/docs/adapters/express` is not made, and neither is any address that
 *   two pages would share);
 * - the renamed pages in `RENAMED`, each with the package link it answers.
 * The build writes them as `_redirects` (`from to 301` per line, the format static hosts such as
 * Netlify and Cloudflare Pages read), and scripts/lib/static-server.mjs answers them with a 301, which
 * keeps the link's `#anchor`.
 */

export interface Redirect {
  from: string;
  to: string;
}

interface DocsVersion {
  /** Where the version's pages are served. */
  base: string;
  /** Other addresses of the same version. */
  aliases: string[];
}

/** Most specific base first: a route belongs to the first version whose base it starts with. */
export const DOCS_VERSIONS: DocsVersion[] = [
  { base: '/docs/v10', aliases: [] },
  { base: '/docs/v9', aliases: [] },
  { base: '/docs', aliases: ['/docs/v11'] },
];

/** Generated lists and the API reference are not pages a package links to by a short address. */
const NOT_PAGES = /^(typedoc|tags|category)(\/|$)/;

/**
 * Pages the packages link to under a name the docs no longer use (the link, with the package and
 * version it comes from, beside each).
 */
export const RENAMED: (Redirect & { link: string })[] = [
  // React Query's helpers were renamed from useContext to useUtils in 10.x.
  { from: '/docs/v10/useContext', to: '/docs/v10/client/react/useUtils', link: '@trpc/react-query 11.19.0: https://trpc.io/docs/v10/useContext#query-invalidation' },
  // safe() and catching thrown errors are explained on the error handling page.
  { from: '/docs/client/vanilla/error-handling', to: '/docs/server/error-handling', link: '@trpc/client 11.25.2: https://trpc.io/docs/client/vanilla/error-handling#errors-as-values-with-safe' },
  // Server actions (experimental_caller) are a section of the app router page.
  { from: '/docs/client/nextjs/server-actions', to: '/docs/client/nextjs/app-router', link: '@trpc/server 11.25.2: https://trpc.io/docs/client/nextjs/server-actions#1-define-a-base-procedure-with-experimental_caller' },
  // The packages' READMEs (npm's package pages) link to these.
  { from: '/docs/router', to: '/docs/server/routers', link: '@trpc/server 11.19.0: README.md, https://trpc.io/docs/router' },
  { from: '/docs/react-query', to: '/docs/client/react', link: '@trpc/react-query 11.19.0: README.md, https://trpc.io/docs/react-query' },
  // The agent skills that 11.25 ships (skills/*/SKILL.md) link to these.
  { from: '/docs/server/overview', to: '/docs/server/introduction', link: '@trpc/server 11.25.2: skills/adapter-express/SKILL.md, https://trpc.io/docs/server/overview' },
  { from: '/docs/client/nextjs/app-router-setup', to: '/docs/client/nextjs/app-router', link: '@trpc/server 11.25.2: skills/caching/SKILL.md, https://trpc.io/docs/client/nextjs/app-router-setup' },
  { from: '/docs/client/nextjs/pages-router/setup', to: '/docs/client/nextjs/setup', link: '@trpc/server 11.25.2: skills/trpc-router/SKILL.md, https://trpc.io/docs/client/nextjs/pages-router/setup' },
  { from: '/docs/client/nextjs/pages-router/ssr', to: '/docs/client/nextjs/ssr', link: '@trpc/server 11.25.2: skills/caching/SKILL.md, https://trpc.io/docs/client/nextjs/pages-router/ssr' },
  // The FAQ's answer on OpenAPI covers the alpha-only @trpc/openapi.
  { from: '/docs/openapi', to: '/docs/faq#can-i-generate-an-openapi-document-from-my-router', link: '@trpc/server 11.25.2: skills/trpc-router/SKILL.md, https://trpc.io/docs/openapi' },
];

/**
 * Addresses the packages link to that no page of this site covers, with the reason; they stay 404
 * (e2e/tests/package-links.spec.ts checks that, so an entry goes once a page exists).
 */
export const NO_PAGE: Record<string, string> = {
  '/docs/skills': 'the agent skills that @trpc/* 11.25 ship for @tanstack/intent; linked from @trpc/server 11.25.2 skills/trpc-router/SKILL.md',
};

const trim = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);

/** What a `_redirects` line can hold unquoted, and what scripts/lib/static-server.mjs accepts. */
export const SAFE_PATH = /^\/[A-Za-z0-9._~@%\/-]*$/;
/** A target may name a section of its page. */
const SAFE_TARGET = /^\/[A-Za-z0-9._~@%\/-]*(#[A-Za-z0-9_-]+)?$/;

/**
 * The redirects for a build with these routes (Docusaurus's `routesPaths`). Throws when a rule of
 * `renamed` points at a page the build does not have, or would hide a page it has.
 */
export function legacyRedirects(routesPaths: string[], renamed: Redirect[] = RENAMED): Redirect[] {
  const routes = [...new Set(routesPaths.map(trim))];
  const existing = new Set(routes);
  const out = new Map<string, string>();
  const add = (from: string, to: string) => {
    if (existing.has(from) || from === to || !SAFE_PATH.test(from) || !SAFE_PATH.test(to)) return;
    out.set(from, to);
  };

  const claimed = new Set<string>();
  for (const { base, aliases } of DOCS_VERSIONS) {
    const pages = routes
      .filter((route) => (route === base || route.startsWith(`${base}/`)) && !claimed.has(route))
      .map((route) => ({ route, rel: route === base ? '' : route.slice(base.length + 1) }));
    pages.forEach(({ route }) => claimed.add(route));
    const docs = pages.filter(({ rel }) => !NOT_PAGES.test(rel));
    // How many pages of the version end with each trailing part of a path.
    const count = new Map<string, number>();
    for (const { rel } of docs) {
      const parts = rel.split('/');
      for (let k = 1; k <= parts.length && rel !== ''; k++) {
        const tail = parts.slice(-k).join('/');
        count.set(tail, (count.get(tail) ?? 0) + 1);
      }
    }
    for (const { route, rel } of docs) {
      for (const alias of aliases) add(rel === '' ? alias : `${alias}/${rel}`, route);
      if (rel === '') continue;
      const parts = rel.split('/');
      for (let k = 1; k < parts.length; k++) {
        const tail = parts.slice(-k).join('/');
        if (count.get(tail) !== 1) continue;
        for (const at of [base, ...aliases]) add(`${at}/${tail}`, route);
      }
    }
  }

  for (const { from, to } of renamed) {
    if (!SAFE_PATH.test(from) || !SAFE_TARGET.test(to)) throw new Error(`Redirect ${from} → ${to}: only plain paths can be redirected.`);
    const page = to.split('#')[0]!;
    if (!existing.has(page)) throw new Error(`Redirect ${from} → ${to}: the build has no page at ${page}.`);
    if (existing.has(from)) throw new Error(`Redirect ${from} → ${to}: the build has a page at ${from}; remove the rule.`);
    out.set(from, to);
  }
  return [...out].map(([from, to]) => ({ from, to })).sort((a, b) => a.from.localeCompare(b.from));
}

/** The `_redirects` file: one `from to 301` line per redirect. */
export function redirectsFile(redirects: Redirect[]): string {
  return `# Old and package-linked addresses of the docs (site/config/legacyRedirects.ts).\n${redirects.map(({ from, to }) => `${from} ${to} 301`).join('\n')}\n`;
}
