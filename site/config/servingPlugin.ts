import type { Plugin } from '@docusaurus/types';
import { writeSecurityHeaders } from '../../scripts/lib/security-headers.mjs';

export interface ServingOptions {
  /** Search hosts the browser calls (connect-src). */
  searchHosts: string[];
  /** Third-party script URLs the site loads (script-src gets their origins). */
  scriptUrls: string[];
  /** Google Analytics is on (its script and beacon origins are allowed). */
  analytics: boolean;
  /** The canonical site URL is https: static hosts get HSTS in `_headers`. */
  https: boolean;
}

/**
 * After the build: computes the Content-Security-Policy from the HTML the build emitted (sha256 of
 * every inline script) and writes it with the other security headers as `_headers` (static hosts) and
 * `.security-headers.json` (our server). The `.br`/`.gz` copies are written later by
 * scripts/build.mjs: other plugins' postBuild (sitemap, feeds) run at the same time as this one, so
 * only after the whole build are the files final. See ARCHITECTURE.md "Serving".
 */
export default function servingPlugin(options: ServingOptions): () => Plugin {
  return () => ({
    name: 'serving-files',
    async postBuild({ outDir }) {
      const { scriptHashes } = writeSecurityHeaders(outDir, options);
      console.log(`[serving] The Content-Security-Policy allows ${scriptHashes.length} inline script(s); wrote _headers.`);
    },
  });
}
