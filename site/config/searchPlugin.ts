import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from '@docusaurus/types';

const require = createRequire(__filename);

/**
 * Points every `algoliasearch/lite` import of the site's bundle (the theme's /search page) at
 * src/search/liteClient.ts, which passes the configured hosts to the real client.
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
          },
        },
      };
    },
  };
}
