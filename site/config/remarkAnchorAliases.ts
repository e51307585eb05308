/**
 * Anchors that links from outside the site expect, on the heading of this site's page that covers
 * the same thing. The `@trpc/*` packages' JSDoc links to sections of the docs by the ids of their
 * headings upstream (`usage#queryKey`, `standalone#custom-basePath`); these docs are written anew
 * with headings of their own, so those ids did not exist here and the links landed at the top of the
 * page. For each page listed in config/anchorAliases.ts, an empty `AnchorTarget` with the expected
 * id goes right before the heading that answers it (the anchor check then knows the id). The build
 * stops when a listed heading is missing, or an alias repeats an id the page already has.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ANCHOR_ALIASES } from './anchorAliases';

interface Node {
  type: string;
  depth?: number;
  name?: string;
  attributes?: { type: string; name: string; value: string }[];
  children?: Node[];
  data?: { id?: string; hProperties?: { id?: string } };
}

export function anchorTarget(id: string): Node {
  return { type: 'mdxJsxFlowElement', name: 'AnchorTarget', attributes: [{ type: 'mdxJsxAttribute', name: 'id', value: id }], children: [] };
}

/** Inserts the alias targets of one page into its tree; `where` names the page in errors. */
export function addAnchorAliases(tree: Node, aliases: Record<string, string>, where: string): void {
  const headingIds = new Set<string>();
  const byHeading = new Map<string, string[]>();
  for (const [alias, heading] of Object.entries(aliases)) byHeading.set(heading, [...(byHeading.get(heading) ?? []), alias]);
  const placed = new Set<string>();
  const visit = (node: Node) => {
    if (!node.children) return;
    node.children = node.children.flatMap((child) => {
      visit(child);
      if (child.type !== 'heading') return [child];
      const id = child.data?.hProperties?.id ?? child.data?.id;
      if (!id) return [child];
      headingIds.add(id);
      const names = byHeading.get(id) ?? [];
      names.forEach((name) => placed.add(name));
      return [...names.map(anchorTarget), child];
    });
  };
  visit(tree);
  for (const [alias, heading] of Object.entries(aliases)) {
    if (!placed.has(alias)) throw new Error(`${where}: no heading #${heading} for the anchor alias #${alias} (config/anchorAliases.ts).`);
    if (headingIds.has(alias)) throw new Error(`${where}: #${alias} is already a heading of the page; remove the alias (config/anchorAliases.ts).`);
  }
}

/** The table's pages that are not files of the site: a page that moved would lose its aliases quietly. */
export function missingAliasPages(siteDir: string, table: Record<string, unknown> = ANCHOR_ALIASES): string[] {
  return Object.keys(table).filter((rel) => !fs.existsSync(path.join(siteDir, rel)));
}

export default function remarkAnchorAliases(options: { siteDir: string }) {
  const missing = missingAliasPages(options.siteDir);
  if (missing.length) throw new Error(`config/anchorAliases.ts names pages that do not exist: ${missing.join(', ')}.`);
  return (tree: Node, file: { path?: string }) => {
    if (!file.path) return;
    const rel = path.relative(options.siteDir, file.path).split(path.sep).join('/');
    const aliases = ANCHOR_ALIASES[rel];
    if (aliases) addAnchorAliases(tree, aliases, rel);
  };
}
