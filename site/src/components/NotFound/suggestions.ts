/**
 * What the 404 page suggests for a missing path: the same doc in the other versions (and docs that
 * moved between versions, such as 9.x `router` and 10.x/11.x `server/routers`), and search words
 * taken from the path.
 */
import { EQUIVALENT_DOCS } from '../../versions/equivalentDocs';

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
 * Topics whose pages have different ids in different versions (9.x `router`, 10.x/11.x
 * `server/routers`): the version dropdown's map, so the 404 page and the dropdown agree.
 */
const MOVED: readonly (readonly string[])[] = EQUIVALENT_DOCS.map((entry) => [...new Set(Object.values(entry))]);

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
  const all = versions.flatMap((version) =>
    version.docs.map((doc) => ({ version, doc, rel: relativeTo(version.path, doc.path) ?? '' })),
  );
  // The path's own name, the ids of the docs that have that path in some version, and the ids of
  // the same topic in other versions.
  const ids = new Set([match.rel, ...all.filter(({ rel }) => rel === match.rel).map(({ doc }) => doc.id)]);
  const names = new Set([...ids, ...MOVED.filter((group) => group.some((id) => ids.has(id))).flat()]);
  const here = pathname.replace(/\/$/, '');
  const pick = (found: typeof all) =>
    found
      .filter(({ doc }) => doc.path.replace(/\/$/, '') !== here)
      .slice(0, MAX_SUGGESTIONS)
      .map(({ version, doc }) => ({ label: version.label, path: doc.path }));
  const same = pick(all.filter(({ rel, doc }) => names.has(rel) || names.has(doc.id)));
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
