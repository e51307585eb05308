import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from '@docusaurus/types';

const require = createRequire(__filename);

/**
 * Points every `algoliasearch/lite` import of the site's bundle (the theme's /search page) at
 * src/search/liteClient.ts, which passes the configured hosts to the real client; and the navbar's
 * DocSearch button and keyboard hook at small modules of ours, so the DocSearch 3 bundle (one file
 * holding the modal and a search client) loads only when the reader is about to search. This plugin
 * is listed in the site's `plugins`, which Docusaurus applies after the theme's: the two aliases the theme
 * also sets use its exact keys, so ours replace them.
 */
export default function searchHostsPlugin(): Plugin {
  // algoliasearch exports no package.json; its lite builds sit side by side (node.cjs, browser.js).
  const original = path.join(path.dirname(require.resolve('algoliasearch/lite')), 'browser.js');
  return {
    name: 'search-hosts',
    configureWebpack() {
      return {
        resolve: {
          alias: {
            'algoliasearch/lite$': path.resolve(__dirname, '../src/search/liteClient.ts'),
            'algoliasearch-lite-original$': original,
            '@docsearch/react/button$': path.resolve(__dirname, '../src/search/SearchButton.tsx'),
            '@docsearch/react/useDocSearchKeyboardEvents': path.resolve(__dirname, '../src/search/useSearchKeyboardEvents.ts'),
            '@docsearch/react/version': path.resolve(__dirname, '../src/search/docsearchVersion.ts'),
          },
        },
      };
    },
  };
}
