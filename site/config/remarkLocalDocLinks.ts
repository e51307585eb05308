/**
 * Links to the upstream docs (https://trpc.io/docs/…, as the packages' JSDoc `@see` tags write them)
 * become links to the same page on this site when it has one, so the API reference does not send
 * readers to another site. A bare URL as the link text becomes the page's title. An anchor is kept
 * only when the local page has a heading with that id; otherwise the link goes to the page.
 *
 * Pages are found by their route (file path or front-matter `slug`) in the current docs, else by a
 * last path segment that only one page has (`/docs/v11/getQueryKey` → `/docs/client/react/getQueryKey`).
 */
import fs from 'node:fs';
import path from 'node:path';

interface Node {
  type: string;
  url?: string;
  value?: string;
  children?: Node[];
}

export interface LocalDoc {
  route: string;
  title: string;
  anchors: Set<string>;
}

const UPSTREAM = /^https?:\/\/(?:www\.)?trpc\.io\/docs\/(?:v11\/)?([^#?]*)(?:\?[^#]*)?(#.*)?$/;

export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[`*_~]/g, '')
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .trim()
    .replace(/\s/g, '-');
}

function frontMatter(source: string, key: string): string | undefined {
  const block = source.match(/^---\n([\s\S]*?)\n---/);
  const line = block?.[1]!.match(new RegExp(`^${key}:\\s*(.+)$`, 'm'));
  return line?.[1]!.trim().replace(/^['"]|['"]$/g, '');
}

/** Every page of a docs folder with its route (relative to the docs root), title and heading ids. */
export function readDocs(docsDir: string, skip = /^(typedoc|landing-intro)\//): LocalDoc[] {
  const docs: LocalDoc[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      const rel = path.relative(docsDir, full).split(path.sep).join('/');
      if (skip.test(`${rel}/`) || skip.test(rel)) continue;
      if (entry.isDirectory()) walk(full);
      else if (/\.mdx?$/.test(entry.name)) {
        const source = fs.readFileSync(full, 'utf8');
        const slug = frontMatter(source, 'slug');
        const fileRoute = rel.replace(/\.mdx?$/, '').replace(/(^|\/)index$/, '');
        const route = slug
          ? slug.startsWith('/')
            ? slug.slice(1)
            : path.posix.join(path.posix.dirname(fileRoute), slug)
          : fileRoute;
        const title = frontMatter(source, 'title') ?? source.match(/^# (.+)$/m)?.[1] ?? route;
        const anchors = new Set<string>();
        for (const [, text, id] of source.matchAll(/^#{2,6} (.+?)(?:\s*\\?\{#([\w-]+)\\?\})?\s*$/gm)) {
          anchors.add(id ?? slugify(text!));
        }
        docs.push({ route: route.replace(/\/$/, ''), title, anchors });
      }
    }
  };
  walk(docsDir);
  return docs;
}

/** The local URL for an upstream docs URL, or undefined when this site has no such page. */
export function localLink(url: string, docs: LocalDoc[]): { url: string; title: string } | undefined {
  const m = url.match(UPSTREAM);
  if (!m) return undefined;
  const wanted = m[1]!.replace(/\/$/, '');
  // Older majors' pages (trpc.io/docs/v10/…) are not the current docs.
  if (/^v\d+(\/|$)/.test(wanted)) return undefined;
  let doc = docs.find((d) => d.route === wanted);
  if (!doc) {
    const last = wanted.split('/').at(-1);
    const same = docs.filter((d) => d.route.split('/').at(-1) === last);
    if (same.length === 1) doc = same[0];
  }
  if (!doc) return undefined;
  const hash = m[2] && doc.anchors.has(m[2].slice(1)) ? m[2] : '';
  return { url: `/docs/${doc.route}${hash}`, title: doc.title };
}

export default function remarkLocalDocLinks(options: { docsDir: string }) {
  let docs: LocalDoc[] | undefined;
  const visit = (node: Node) => {
    if (node.type === 'link' && node.url) {
      const local = localLink(node.url, (docs ??= readDocs(options.docsDir)));
      if (local) {
        const text = node.children?.length === 1 && node.children[0]!.type === 'text' ? node.children[0]!.value : undefined;
        if (text === node.url) node.children = [{ type: 'text', value: local.title }];
        node.url = local.url;
      }
    }
    node.children?.forEach(visit);
  };
  return (tree: Node) => visit(tree);
}
