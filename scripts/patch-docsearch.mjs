#!/usr/bin/env node
// Runs on every `npm install` (postinstall). Small, exact patches to installed packages, each
// applied once (idempotent) and failing loudly when the text it expects is not there (a version bump
// must then re-check them):
//
// 1. @docsearch/react 3.9.0: on RetryError (every search host unreachable) DocSearch sets the status
//    to "error", but its bundled autocomplete core resets the status to "idle" in a `finally`, so the
//    "Unable to fetch results" screen never shows. Keep "error" when it is set.
// 2. @docusaurus/theme-search-algolia 3.10.2: the SearchBar adds <link rel=preconnect> to
//    {appId}-dsn.algolia.net on every page. With the self-hosted service that is a request to a third
//    party before anyone searches; take the preconnect URL from a prop (our SearchBar wrapper passes
//    one only when the configured hosts are Algolia's).
// 3. @docusaurus/theme-search-algolia 3.10.2: the /search page's docs-version <select> has no
//    accessible name (axe: select-name, critical). Give it one.
// 4. @docsearch/react 3.9.0: a picked content hit is saved to "Recent" through its parent (the
//    page's lvl1 hit in the same results); when the results hold no parent, nothing was saved. Save
//    the hit itself then, so every result a reader opens is in Recent.
// 5. @docsearch/react 3.9.0: the modal's footer always says "Search by Algolia" and links to Algolia.
//    Show the text of a `searchAttribution` prop instead when one is given (our SearchBar wrapper
//    passes one unless the configured hosts are Algolia's).
// 6. @docusaurus/theme-search-algolia 3.10.2: the /search page says "Powered by Algolia" with
//    Algolia's logo and link; render our SearchAttribution (the same rule as 5) instead.
// 7. The /search page: its heading and search form sat outside any landmark and every result's
//    breadcrumb <nav> had the same label (axe: region, landmark-unique). The page's content becomes
//    the <main>, the results a labelled <section>, and each result's path nav is named by its number.
// 8. @docusaurus/core 3.10.2: prefetching a route (a link came into view) adds a <link rel=prefetch>
//    for every chunk of the route and of its parent routes, again for each route, also for chunks the
//    page has already loaded: a doc page's breadcrumbs gave 36 link elements for 10 files, about
//    45 ms of main thread on a desktop CPU right after hydration. Ask for each chunk file once, and
//    not for one the page loaded with a <script>.
// 9. @docusaurus/core 3.10.2: every link that comes into view prefetches its route at once, inside
//    the IntersectionObserver's callback: on a phone right after hydration, one task of about 90 ms
//    (route matching, then a <link rel=prefetch> per chunk). Queue the prefetches and run them in
//    idle time, a few milliseconds at a time, so none of them delays a tap.
// 10. @docusaurus/theme-common 3.10.2: useWindowSize() answers "ssr" during hydration and sets the
//    real size in an effect right after it, which re-renders every user (the doc sidebar, the phone
//    menu, the table of contents) at default priority: one render of about 55 ms that nothing can
//    interrupt. Make that first update a transition, so React renders it in slices and a tap or a
//    key press comes first; a later resize still updates at once.
// 11. @docusaurus/theme-classic 3.10.2: Tabs are keyed by "is this the browser", so every tab group
//    (each package-manager install block) is thrown away and mounted again right after hydration:
//    its DOM removed and re-inserted, the page laid out again (74 ms and 43 ms of layout on
//    /docs/quickstart on a desktop CPU). The theme's tab state already starts from the server's
//    value and applies a stored or query-string choice in a layout effect after hydration, which
//    React patches like any update; drop the key.
// 12. @docusaurus/core 3.10.2: "is this the browser" turns true in an effect right after hydration,
//    an update at default priority that re-renders every component reading it (code blocks, the
//    navbar's items, the doc sidebar) in one uninterruptible render of about 50 ms on a desktop CPU.
//    Make it a transition like patch 10, so React renders it in slices.
// 13. @docusaurus/theme-search-algolia 3.10.2: the /search page adds "..." after every result's
//    snippet, which already ends with the snippet ellipsis ("…") where the text was cut: readers saw
//    "the……" under each result, and "..." after text that was not cut at all. Show the snippet as the
//    search service returns it.
// 14. @docusaurus/theme-search-algolia 3.10.2: when the search service cannot be reached, the /search
//    page's search helper emits an "error" event that nothing listens to: an uncaught exception, and
//    the spinner turns forever. Listen for it and say that search is unavailable (the modal shows
//    its error screen, patch 1).
// 15. @docsearch/react 3.9.0: the modal had no dialog role, so screen readers did not know that the
//    page behind it was out of reach (axe: the modal is a div inside a div with role "button"). Give
//    it role="dialog", aria-modal and a name; the SearchBar wrapper keeps Tab inside it.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const PATCHES = [
  {
    file: 'node_modules/@docusaurus/core/lib/client/browserContext.js',
    from: `import React, { useEffect, useState } from 'react';`,
    to: `import React, { startTransition, useEffect, useState } from 'react';`,
  },
  {
    file: 'node_modules/@docusaurus/core/lib/client/browserContext.js',
    from: `    useEffect(() => {
        setIsBrowser(true);
    }, []);`,
    to: `    useEffect(() => {
        // A transition, rendered in slices (patched by scripts/patch-docsearch.mjs).
        startTransition(() => setIsBrowser(true));
    }, []);`,
  },
  {
    file: 'node_modules/@docusaurus/theme-classic/lib/theme/Tabs/index.js',
    from: `  const isBrowser = useIsBrowser();
  const value = useTabsContextValue(props);
  return (
    <TabsProvider
      value={value}
      // Remount tabs after hydration
      // Temporary fix for https://github.com/facebook/docusaurus/issues/5653
      key={String(isBrowser)}>`,
    to: `  // Not mounted again after hydration (patched by scripts/patch-docsearch.mjs): the tab state
  // starts from the server's value and applies a stored choice in a layout effect.
  const value = useTabsContextValue(props);
  return (
    <TabsProvider value={value}>`,
  },
  {
    file: 'node_modules/@docusaurus/core/lib/client/docusaurus.js',
    from: `const prefetch = (routePath) => {
    if (!canPrefetch(routePath)) {
        return false;
    }
    fetched.add(routePath);`,
    to: `// Prefetches wait for idle time and run a few milliseconds at a time (patched by
// scripts/patch-docsearch.mjs).
const prefetchQueue = [];
const whenIdle = (callback) => typeof requestIdleCallback === 'function'
    ? requestIdleCallback(callback, { timeout: 2000 })
    : setTimeout(callback, 50);
const runPrefetchQueue = () => {
    const started = performance.now();
    while (prefetchQueue.length > 0 && performance.now() - started < 8) {
        prefetchNow(prefetchQueue.shift());
    }
    if (prefetchQueue.length > 0) {
        whenIdle(runPrefetchQueue);
    }
};
const prefetch = (routePath) => {
    if (!canPrefetch(routePath)) {
        return false;
    }
    fetched.add(routePath);
    prefetchQueue.push(routePath);
    if (prefetchQueue.length === 1) {
        whenIdle(runPrefetchQueue);
    }
    return true;
};
const prefetchNow = (routePath) => {`,
  },
  {
    file: 'node_modules/@docusaurus/theme-common/lib/hooks/useWindowSize.js',
    from: `import { useEffect, useState } from 'react';`,
    to: `import { startTransition, useEffect, useState } from 'react';`,
  },
  {
    file: 'node_modules/@docusaurus/theme-common/lib/hooks/useWindowSize.js',
    from: `        updateWindowSize();
        window.addEventListener('resize', updateWindowSize);`,
    to: `        // The first update, right after hydration, is a transition (patched by
        // scripts/patch-docsearch.mjs).
        startTransition(updateWindowSize);
        window.addEventListener('resize', updateWindowSize);`,
  },
  {
    file: 'node_modules/@docusaurus/core/lib/client/docusaurus.js',
    from: `const fetched = new Set();
`,
    to: `const fetched = new Set();
// Chunk files asked for already (patched by scripts/patch-docsearch.mjs).
const prefetchedAssets = new Set();
`,
  },
  {
    file: 'node_modules/@docusaurus/core/lib/client/docusaurus.js',
    from: `        if (chunkAsset && !chunkAsset.includes('undefined')) {
            return prefetchHelper(chunkAsset);`,
    to: `        if (chunkAsset &&
            !chunkAsset.includes('undefined') &&
            !prefetchedAssets.has(chunkAsset) &&
            !document.querySelector(\`script[src="\${chunkAsset}"]\`)) {
            prefetchedAssets.add(chunkAsset);
            return prefetchHelper(chunkAsset);`,
  },
  {
    file: 'node_modules/@docsearch/react/dist/esm/index.js',
    from: '.finally((function(){p("idle"),lt&&o.environment.clearTimeout(lt)}))',
    to: '.finally((function(){"error"!==c.getState().status&&p("idle"),lt&&o.environment.clearTimeout(lt)}))',
  },
  {
    file: 'node_modules/@docusaurus/theme-search-algolia/lib/theme/SearchBar/index.js',
    from: `        <link
          rel="preconnect"
          href={\`https://\${props.appId}-dsn.algolia.net\`}
          crossOrigin="anonymous"
        />`,
    to: `        {props.preconnectUrl && (
          <link rel="preconnect" href={props.preconnectUrl} crossOrigin="anonymous" />
        )}`,
  },
  {
    file: 'node_modules/@docusaurus/theme-search-algolia/lib/theme/SearchPage/index.js',
    from: `            className={styles.searchVersionInput}>`,
    to: `            className={styles.searchVersionInput}
            aria-label="Docs version to search">`,
  },
  {
    file: 'node_modules/@docsearch/react/dist/esm/index.js',
    from: 'className:"DocSearch-Modal",ref:U}',
    to: 'className:"DocSearch-Modal",role:"dialog","aria-modal":"true","aria-label":"Search the docs",ref:U}',
  },
  {
    file: 'node_modules/@docsearch/react/dist/esm/index.js',
    from: 'var t="content"===e.type?e.__docsearch_parent:e;',
    to: 'var t="content"===e.type&&e.__docsearch_parent?e.__docsearch_parent:e;',
  },
  {
    file: 'node_modules/@docsearch/react/dist/esm/index.js',
    from: 'e.createElement("footer",{className:"DocSearch-Footer"},e.createElement(Wt,{translations:L}))',
    to: 'e.createElement("footer",{className:"DocSearch-Footer"},e.createElement(Wt,{translations:L,attribution:t.searchAttribution}))',
  },
  {
    file: 'node_modules/@docsearch/react/dist/esm/index.js',
    from: 'e.createElement("div",{className:"DocSearch-Logo"},e.createElement(Jt,{translations:{searchByText:b}}))',
    to: 'e.createElement("div",{className:"DocSearch-Logo"},t.attribution?e.createElement("span",{className:"DocSearch-Label"},t.attribution):e.createElement(Jt,{translations:{searchByText:b}}))',
  },
  {
    file: 'node_modules/@docusaurus/theme-search-algolia/lib/theme/SearchPage/index.js',
    from: `import styles from './styles.module.css';`,
    to: `import styles from './styles.module.css';
import SearchAttribution from '@site/src/search/SearchAttribution';`,
  },
  {
    file: 'node_modules/@docusaurus/theme-search-algolia/lib/theme/SearchPage/index.js',
    from: `          <div className={clsx('col', 'col--4', styles.searchLogoColumn)}>
            <span>
              {translate({
                id: 'theme.SearchPage.algoliaLabel',
                message: 'Powered by',
                description:
                  'The text explain that the search powered by Algolia',
              })}
            </span>
            <Link
              to="https://www.algolia.com/"
              aria-label={translate({
                id: 'theme.SearchPage.algoliaLabel',
                message: 'Powered by Algolia',
                description: 'The description label for Algolia mention',
              })}>
              <AlgoliaLogo />
            </Link>
          </div>`,
    to: `          <div className={clsx('col', 'col--4', styles.searchLogoColumn)}>
            <SearchAttribution algoliaLogo={<AlgoliaLogo />} />
          </div>`,
  },
  {
    file: 'node_modules/@docusaurus/theme-search-algolia/lib/theme/SearchPage/index.js',
    from: `      <div className="container margin-vert--lg">
        <Heading as="h1">{pageTitle}</Heading>`,
    to: `      <main className="container margin-vert--lg">
        <Heading as="h1">{pageTitle}</Heading>`,
  },
  {
    file: 'node_modules/@docusaurus/theme-search-algolia/lib/theme/SearchPage/index.js',
    from: `        )}
      </div>
    </Layout>`,
    to: `        )}
      </main>
    </Layout>`,
  },
  {
    file: 'node_modules/@docusaurus/theme-search-algolia/lib/theme/SearchPage/index.js',
    from: `          <main>
            {searchResultState.items.map(`,
    to: `          <section aria-label="Search results">
            {searchResultState.items.map(`,
  },
  {
    file: 'node_modules/@docusaurus/theme-search-algolia/lib/theme/SearchPage/index.js',
    from: `            )}
          </main>
        ) : (`,
    to: `            )}
          </section>
        ) : (`,
  },
  {
    file: 'node_modules/@docusaurus/theme-search-algolia/lib/theme/SearchPage/index.js',
    from: `<nav aria-label="breadcrumbs">`,
    to: `<nav aria-label={\`Path of result \${i + 1}\`}>`,
  },
  {
    file: 'node_modules/@docusaurus/theme-search-algolia/lib/theme/SearchPage/index.js',
    from: "              ? `${sanitizeValue(snippet.content.value)}...`",
    to: "              ? sanitizeValue(snippet.content.value) // the snippet's own ellipsis marks a cut (patched)",
  },
  {
    file: 'node_modules/@docusaurus/theme-search-algolia/lib/theme/SearchPage/index.js',
    from: `        case 'loading': {
          return {...prevState, loading: true};
        }`,
    to: `        case 'loading': {
          return {...prevState, loading: true, error: false};
        }
        // The search service could not be reached (patched by scripts/patch-docsearch.mjs).
        case 'error': {
          return {...initialSearchResultState, loading: false, error: true};
        }`,
  },
  {
    file: 'node_modules/@docusaurus/theme-search-algolia/lib/theme/SearchPage/index.js',
    from: `  const [loaderRef, setLoaderRef] = useState(null);`,
    to: `  // Patched: an unreachable service is an "error" event; unheard, it was an uncaught exception.
  algoliaHelper.on('error', () => searchResultStateDispatcher({type: 'error'}));
  const [loaderRef, setLoaderRef] = useState(null);`,
  },
  {
    file: 'node_modules/@docusaurus/theme-search-algolia/lib/theme/SearchPage/index.js',
    from: `            searchQuery && !searchResultState.loading && (
              <p key="no-results">`,
    to: `            searchResultState.error && (
              <p key="error" role="alert">
                Search is unavailable: the search service did not answer.
                Check your connection and try again in a moment.
              </p>
            ),
            searchQuery && !searchResultState.loading && !searchResultState.error && (
              <p key="no-results">`,
  },
];

let failed = false;
for (const { file, from, to } of PATCHES) {
  const full = path.join(root, file);
  if (!fs.existsSync(full)) {
    console.error(`patch-docsearch: ${file} is missing; is the dependency installed?`);
    failed = true;
    continue;
  }
  const source = fs.readFileSync(full, 'utf8');
  if (source.includes(to)) continue;
  const count = source.split(from).length - 1;
  if (count !== 1) {
    console.error(`patch-docsearch: expected the patched text once in ${file}, found it ${count} times. Re-check the patch for this version.`);
    failed = true;
    continue;
  }
  fs.writeFileSync(full, source.replace(from, to));
  console.log(`patch-docsearch: patched ${file}`);
}
process.exit(failed ? 1 : 0);
