import path from 'node:path';
import type { LoadContext, Plugin } from '@docusaurus/types';

/** The module that replaces Docusaurus's client entry in production builds. */
export function stagedEntryPath(siteDir: string): string {
  return path.join(siteDir, 'src', 'client', 'stagedEntry.ts');
}

/** The module that `@docusaurus/ComponentCreator` (used by the generated route table) resolves to. */
export function lazyRouteComponentPath(siteDir: string): string {
  return path.join(siteDir, 'src', 'client', 'lazyRouteComponent.ts');
}

/**
 * V8's explicit compile hint for a whole script: a browser that knows it (Chromium 136 and later)
 * compiles every function of the file eagerly, on a background thread while the script streams in,
 * instead of on the main thread the first time each function runs. It must be the file's first
 * line. main.js holds what runs at start-up (React DOM, the router, the theme's shell), so most of
 * its functions are called on load anyway. Elsewhere it is a comment.
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/** The emitted files that get the compile hint: the main entry chunk only. */
export const COMPILE_HINT_FILES = /(^|\/)main\.[0-9a-f]+\.js$/;

/**
 * What the browser does before it hydrates a page, in smaller pieces:
 * - the generated route table builds each route's loadable component the first time the route is
 *   used, not all of them up front (`src/client/lazyRouteComponent.ts`; server and client bundles
 *   alike, so both render the same tree);
 * - in production client builds, `src/client/stagedEntry.ts` is the entry: it evaluates the client's
 *   modules in several tasks, then runs Docusaurus's own `clientEntry`. The development server keeps
 *   Docusaurus's entry and its hot reloading;
 * - in production client builds, main.js starts with V8's compile hint (`COMPILE_HINT`), added after
 *   minification (which drops comments) and before the content hash is computed.
 */
export default function clientStartupPlugin(context: LoadContext): Plugin {
  return {
    name: 'client-startup',
    configureWebpack(config, isServer, utils) {
      const alias = { resolve: { alias: { '@docusaurus/ComponentCreator': lazyRouteComponentPath(context.siteDir) } } };
      if (isServer || config.mode !== 'production') return alias;
      const { BannerPlugin, Compilation } = utils.currentBundler.instance;
      const compileHint = new BannerPlugin({
        banner: COMPILE_HINT,
        raw: true,
        entryOnly: true,
        test: COMPILE_HINT_FILES,
        // After the minifier (OPTIMIZE_SIZE), before the real content hash (OPTIMIZE_HASH).
        stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 1,
      });
      return { ...alias, mergeStrategy: { entry: 'replace' }, entry: stagedEntryPath(context.siteDir), plugins: [compileHint] };
    },
  };
}
