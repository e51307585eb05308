/**
 * Pages that cover the same topic in several docs versions under different doc ids. The version
 * dropdown links a page to the doc with the same id in the other version; when that version has no
 * such id, it uses this map before it falls back to the version's introduction. So
 * `/docs/server/routers` (11.x, id `server/routers`) leads to `/docs/v9/router` (9.x, id `router`).
 *
 * Each entry names the doc id of one topic per version; a version without a page on the topic is
 * left out. Docs with the same id in two versions need no entry for that pair. Lookups take the first
 * entry that lists the current page, so where two pages of one version map to a single page of
 * another (11.x `server/subscriptions` and `server/websockets` → 10.x `subscriptions`), the entry
 * listed first is the way back.
 */
export type VersionName = 'current' | '10.x' | '9.x';

export type EquivalentDocs = Partial<Record<VersionName, string>>;

export const EQUIVALENT_DOCS: readonly EquivalentDocs[] = [
  // Start here
  { current: 'getting-started', '10.x': 'getting-started', '9.x': 'quickstart' },
  { current: 'further/migrate-from-v10-to-v11', '10.x': 'migrate-from-v9-to-v10' },
  { current: 'client/overview', '10.x': 'client/overview', '9.x': 'vanilla' },

  // Backend usage
  { current: 'server/routers', '10.x': 'server/routers', '9.x': 'router' },
  { current: 'server/procedures', '10.x': 'server/procedures', '9.x': 'router' },
  { current: 'server/context', '10.x': 'server/context', '9.x': 'context' },
  { current: 'server/middlewares', '10.x': 'server/middlewares', '9.x': 'middlewares' },
  { current: 'server/validators', '10.x': 'server/validators', '9.x': 'output-validation' },
  { current: 'server/error-handling', '10.x': 'server/error-handling', '9.x': 'error-handling' },
  { current: 'server/error-formatting', '10.x': 'server/error-formatting', '9.x': 'error-formatting' },
  { current: 'server/merging-routers', '10.x': 'server/merging-routers', '9.x': 'merging-routers' },
  { current: 'server/data-transformers', '10.x': 'server/data-transformers', '9.x': 'data-transformers' },
  { current: 'server/metadata', '10.x': 'server/metadata', '9.x': 'metadata' },
  { current: 'server/authorization', '10.x': 'server/authorization', '9.x': 'authorization' },
  { current: 'server/caching', '10.x': 'server/caching', '9.x': 'caching' },
  { current: 'server/subscriptions', '10.x': 'subscriptions', '9.x': 'subscriptions' },
  { current: 'server/websockets', '10.x': 'subscriptions', '9.x': 'subscriptions' },
  { current: 'server/adapters/express', '10.x': 'server/adapters/express', '9.x': 'express' },
  { current: 'server/adapters/fastify', '10.x': 'server/adapters/fastify', '9.x': 'fastify' },
  { current: 'server/adapters/aws-lambda', '10.x': 'server/adapters/aws-lambda', '9.x': 'aws-lambda' },

  // Client usage
  { current: 'client/vanilla/introduction', '10.x': 'client/vanilla/introduction', '9.x': 'vanilla' },
  { current: 'client/vanilla/setup', '10.x': 'client/vanilla/setup', '9.x': 'vanilla' },
  { current: 'client/vanilla/infer-types', '10.x': 'client/vanilla/infer-types', '9.x': 'infer-types' },
  { current: 'client/react/infer-types', '10.x': 'client/react/infer-types', '9.x': 'infer-types' },
  { current: 'client/links/introduction', '10.x': 'client/links/introduction', '9.x': 'links' },
  { current: 'client/headers', '10.x': 'client/headers', '9.x': 'header' },
  { current: 'client/cors', '10.x': 'client/cors', '9.x': 'cors' },
  { current: 'client/react/introduction', '10.x': 'client/react/introduction', '9.x': 'react' },
  { current: 'client/react/setup', '10.x': 'client/react/setup', '9.x': 'react' },
  { current: 'client/react/useQuery', '10.x': 'client/react/useQuery', '9.x': 'react-queries' },
  { current: 'client/react/useMutation', '10.x': 'client/react/useMutation', '9.x': 'react-mutations' },
  { current: 'client/react/useInfiniteQuery', '10.x': 'client/react/useInfiniteQuery', '9.x': 'useInfiniteQuery' },
  { current: 'client/react/useUtils', '10.x': 'client/react/useUtils', '9.x': 'invalidateQueries' },
  { current: 'client/nextjs/introduction', '10.x': 'client/nextjs/introduction', '9.x': 'nextjs' },
  { current: 'client/nextjs/setup', '10.x': 'client/nextjs/setup', '9.x': 'nextjs' },
  { current: 'server/adapters/nextjs', '10.x': 'server/adapters/nextjs', '9.x': 'nextjs' },
  { current: 'client/nextjs/ssr', '10.x': 'client/nextjs/ssr', '9.x': 'ssr' },
  { current: 'client/nextjs/ssg', '10.x': 'client/nextjs/ssg', '9.x': 'ssg' },
  { current: 'client/nextjs/server-side-helpers', '10.x': 'client/nextjs/server-side-helpers', '9.x': 'ssg-helpers' },
  { current: 'client/nextjs/starter-projects', '10.x': 'client/nextjs/starter-projects', '9.x': 'starter-projects' },

  // Further and community
  { current: 'further/rpc', '10.x': 'further/rpc', '9.x': 'rpc' },
  { current: 'further/further-reading', '10.x': 'further/further-reading', '9.x': 'further-reading' },
  { current: 'community/awesome-trpc', '10.x': 'community/awesome-trpc', '9.x': 'awesome-trpc' },
  { current: 'community/contributing', '10.x': 'community/contributing', '9.x': 'contributing' },
  { current: 'community/love', '10.x': 'community/love', '9.x': 'love' },
  { current: 'community/sponsors', '10.x': 'community/sponsors', '9.x': 'sponsors' },
];

/**
 * The id of the doc in `toVersion` that covers the same topic as `docId` in `fromVersion`, or
 * `undefined` when the map knows none. It does not look for the same id: the caller tries that first.
 */
export function equivalentDocId(
  fromVersion: string,
  docId: string,
  toVersion: string,
  map: readonly EquivalentDocs[] = EQUIVALENT_DOCS,
): string | undefined {
  for (const entry of map) {
    if (entry[fromVersion as VersionName] !== docId) continue;
    const target = entry[toVersion as VersionName];
    if (target !== undefined) return target;
  }
  return undefined;
}
