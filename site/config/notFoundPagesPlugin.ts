import type { LoadContext, Plugin } from '@docusaurus/types';
import { collectPages } from './sitePages';

/**
 * A not-found page per older docs version: `/docs/v10/404.html`, `/docs/v9/404.html`.
 *
 * The site's 404.html is rendered at `/404.html`, outside every docs version, so its navbar shows the
 * current version (11.x) and links into it. In the browser, a missing page under `/docs/v10/` is
 * inside 10.x: the version dropdown and the docs links differ, React finds HTML it did not render
 * (error #418) and renders the page again. A not-found page rendered under the version's own path
 * has the navbar the browser renders. The server answers a missing path with the nearest 404.html
 * above it (scripts/lib/static-server.mjs), as Cloudflare Pages does; these pages are not in the
 * sitemap or the search index.
 */
export function notFoundPaths(versionPaths: string[]): string[] {
  return versionPaths.filter((p) => p.replace(/\/+$/, '') !== '/docs').map((p) => `${p.replace(/\/+$/, '')}/404.html`);
}

export default function notFoundPagesPlugin(context: LoadContext): Plugin {
  return {
    name: 'not-found-pages',
    allContentLoaded({ allContent, actions }) {
      const { versions } = collectPages(allContent, context.siteDir);
      for (const path of notFoundPaths(versions.map((v) => v.path))) {
        actions.addRoute({ path, component: '@theme/NotFound', exact: true });
      }
    },
  };
}
