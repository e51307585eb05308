import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from '@docusaurus/types';
import { legacyRedirects, redirectsFile } from './legacyRedirects';

/**
 * After the build: writes `_redirects` (config/legacyRedirects.ts) from the routes the build has, for
 * static hosts and for our server (scripts/lib/static-server.mjs answers each with a 301).
 */
export default function redirectsPlugin(): Plugin {
  return {
    name: 'legacy-redirects',
    async postBuild({ outDir, routesPaths }) {
      const redirects = legacyRedirects(routesPaths);
      fs.writeFileSync(path.join(outDir, '_redirects'), redirectsFile(redirects));
      console.log(`[redirects] Wrote _redirects: ${redirects.length} old or package-linked addresses of the docs.`);
    },
  };
}
