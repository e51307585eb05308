#!/usr/bin/env node
// Runs on every `npm install` (postinstall). Two small, exact patches to installed packages, each
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
// 4. The same page: its heading and search form sat outside any landmark and every result's
//    breadcrumb <nav> had the same label (axe: region, landmark-unique). The page's content becomes
//    the <main>, the results a labelled <section>, and each result's path nav is named by its number.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const PATCHES = [
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
