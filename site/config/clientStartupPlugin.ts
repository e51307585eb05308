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
 * What the browser does before it hydrates a page, in smaller pieces:
 * - the generated route table builds each route's loadable component the first time the route is
 *   used, not all of them up front (`src/client/lazyRouteComponent.ts`; server and client bundles
 *   alike, so both render the same tree);
 * - in production client builds, `src/client/stagedEntry.ts` is the entry: it evaluates the client's
 *   modules in several tasks, then runs Docusaurus's own `clientEntry`. The development server keeps
 *   Docusaurus's entry and its hot reloading.
 */
export default function clientStartupPlugin(context: LoadContext): Plugin {
  return {
    name: 'client-startup',
    configureWebpack(config, isServer) {
      const alias = { resolve: { alias: { '@docusaurus/ComponentCreator': lazyRouteComponentPath(context.siteDir) } } };
      if (isServer || config.mode !== 'production') return alias;
      return { ...alias, mergeStrategy: { entry: 'replace' }, entry: stagedEntryPath(context.siteDir) };
    },
  };
}
