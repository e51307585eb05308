/**
 * What the 404 page suggests for a missing path: the same doc in the other versions (and docs that
 * moved between versions, such as 9.x `router` and 10.x/11.x `server/routers`), and search words
 * taken from the path.
 */
export interface VersionDocs {
  /** The version's label, "11.x". */
  label: string;
  /** Its base path, "/docs" or "/docs/v9". */
  path: string;
  docs: { id: string; path: string }[];
}

export interface Suggestion {
  label: string;
  path: string;
}

/**
 * Pages that changed name between versions, as paths under a version's base path. 9.x has flat
 * pages; 10.x and 11.x group them under client/ and server/.
 */
export const MOVED: readonly (readonly string[])[] = [
  ['router', 'server/routers'],
  ['header', 'client/headers'],
  ['react-queries', 'client/react/useQuery'],
  ['react-mutations', 'client/react/useMutation'],
  ['invalidateQueries', 'client/react/useUtils'],
  ['ssg-helpers', 'client/nextjs/server-side-helpers'],
  ['output-validation', 'server/validators'],
  ['nextjs', 'client/nextjs'],
  ['react', 'client/react'],
  ['vanilla', 'client/vanilla'],
  ['links', 'client/links'],
  ['express', 'server/adapters/express'],
  ['fastify', 'server/adapters/fastify'],
  ['aws-lambda', 'server/adapters/aws-lambda'],
  ['ssg', 'client/nextjs/ssg'],
  ['ssr', 'client/nextjs/ssr'],
  ['subscriptions', 'server/subscriptions'],
  ['awesome-trpc', 'community/awesome-trpc'],
  ['contributing', 'community/contributing'],
  ['love', 'community/love'],
  ['sponsors', 'community/sponsors'],
  ['starter-projects', 'client/nextjs/starter-projects'],
];

const MAX_SUGGESTIONS = 8;

/** "/docs/v9/router/" → "router"; `undefined` when the path is not under the version's base path. */
function relativeTo(base: string, pathname: string): string | undefined {
  const clean = pathname.replace(/(\/index)?(\.html)?\/?$/, '');
  const root = base.replace(/\/$/, '');
  if (clean === root) return '';
  if (!clean.startsWith(`${root}/`)) return undefined;
  return clean.slice(root.length + 1);
}

/** The version a docs path belongs to: the one with the longest matching base path. */
function versionOf(versions: VersionDocs[], pathname: string): { version: VersionDocs; rel: string } | undefined {
  return versions
    .map((version) => ({ version, rel: relativeTo(version.path, pathname) }))
    .filter((m): m is { version: VersionDocs; rel: string } => m.rel !== undefined)
    .sort((a, b) => b.version.path.length - a.version.path.length)[0];
}

const lastSegment = (rel: string) => rel.split('/').at(-1)!.toLowerCase();

/** The docs of other versions (or of the same version, under a moved name) that stand for the path. */
export function equivalentDocs(versions: VersionDocs[], pathname: string): Suggestion[] {
  const match = versionOf(versions, pathname);
  if (!match || match.rel === '') return [];
  const names = new Set([match.rel, ...MOVED.filter((group) => group.includes(match.rel)).flat()]);
  const all = versions.flatMap((version) =>
    version.docs.map((doc) => ({ version, doc, rel: relativeTo(version.path, doc.path) ?? '' })),
  );
  const here = pathname.replace(/\/$/, '');
  const pick = (found: typeof all) =>
    found
      .filter(({ doc }) => doc.path.replace(/\/$/, '') !== here)
      .slice(0, MAX_SUGGESTIONS)
      .map(({ version, doc }) => ({ label: version.label, path: doc.path }));
  const same = pick(all.filter(({ rel }) => names.has(rel)));
  if (same.length > 0) return same;
  // Else the docs whose last path segment is the same word: /docs/v9/server/context → …/context.
  const words = new Set([...names].map(lastSegment));
  return pick(all.filter(({ rel }) => rel !== '' && words.has(lastSegment(rel))));
}

/** Words for a site search, from a path: "/docs/v9/react-queries" → "react queries". */
export function searchWords(pathname: string): string {
  let words: string[] = [];
  try {
    words = decodeURIComponent(pathname).split(/[/\-_.\s]+/);
  } catch {
    words = pathname.split(/[/\-_.\s]+/);
  }
  return words
    .filter((w) => w && !/^(docs|v\d+|blog|index|html?|typedoc)$/i.test(w))
    .join(' ')
    .slice(0, 64)
    .trim();
}
