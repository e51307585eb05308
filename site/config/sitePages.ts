import fs from 'node:fs';
import path from 'node:path';
import type { AllContent } from '@docusaurus/types';

/**
 * The docs and blog posts the content plugins loaded, reduced to what the social cards and the
 * Markdown export need. Read from `allContentLoaded`, so nothing here parses Markdown again.
 */
export interface SitePage {
  kind: 'doc' | 'post';
  title: string;
  description: string;
  /** Site path of the HTML page, e.g. /docs/quickstart or /docs/v10/. */
  permalink: string;
  /** Absolute path of the source file. */
  sourcePath: string;
  /** Site path of the page's social card, from its front matter `image`. */
  image?: string;
  /** Section shown on the card and in llms.txt: a sidebar category label, "API reference" or "Blog". */
  section: string;
  /** Version label ("11.x") for docs; the date for posts. */
  version: string;
  /** Docs only: the version's name ("current", "10.x") and whether it is the generated reference. */
  versionName?: string;
  generated?: boolean;
  /** Position in the sidebar (docs) or the newest-first order (posts), for stable listings. */
  order: number;
}

export interface SiteVersion {
  name: string;
  label: string;
  /** Site path of the version's docs, e.g. /docs or /docs/v10. */
  path: string;
  isLast: boolean;
}

interface LoadedDoc {
  id: string;
  title: string;
  description: string;
  permalink: string;
  source: string;
  sourceDirName: string;
  frontMatter: Record<string, unknown>;
}
interface SidebarItem {
  type: string;
  id?: string;
  items?: SidebarItem[];
  link?: { type: string; id?: string };
}
interface LoadedVersion {
  versionName: string;
  label: string;
  path: string;
  isLast: boolean;
  contentPath: string;
  docs: LoadedDoc[];
  sidebars: Record<string, SidebarItem[]>;
}
interface LoadedPost {
  metadata: {
    title: string;
    description: string;
    permalink: string;
    source: string;
    date: string | Date;
    frontMatter: Record<string, unknown>;
  };
}

/** Doc ids in sidebar order (a category's own page before its items). */
export function sidebarOrder(items: SidebarItem[]): string[] {
  const ids: string[] = [];
  for (const item of items) {
    if (item.type === 'doc' && item.id) ids.push(item.id);
    if (item.type === 'category') {
      if (item.link?.type === 'doc' && item.link.id) ids.push(item.link.id);
      ids.push(...sidebarOrder(item.items ?? []));
    }
  }
  return ids;
}

function resolveSource(siteDir: string, source: string): string {
  return source.startsWith('@site/') ? path.join(siteDir, source.slice('@site/'.length)) : source;
}

const categoryLabels = new Map<string, string>();
/** The label of a docs folder from its _category_.json, else the folder name in words. */
function categoryLabel(folder: string): string {
  let label = categoryLabels.get(folder);
  if (label === undefined) {
    try {
      label = String(JSON.parse(fs.readFileSync(path.join(folder, '_category_.json'), 'utf8')).label ?? '');
    } catch {
      label = '';
    }
    label ||= path.basename(folder).replace(/[-_]/g, ' ').replace(/^./, (c) => c.toUpperCase());
    categoryLabels.set(folder, label);
  }
  return label;
}

export function collectPages(allContent: AllContent, siteDir: string): { pages: SitePage[]; versions: SiteVersion[] } {
  const docsContent = allContent['docusaurus-plugin-content-docs']?.default as { loadedVersions: LoadedVersion[] } | undefined;
  const blogContent = allContent['docusaurus-plugin-content-blog']?.default as { blogPosts: LoadedPost[] } | undefined;
  const pages: SitePage[] = [];
  const versions: SiteVersion[] = [];
  for (const version of docsContent?.loadedVersions ?? []) {
    versions.push({ name: version.versionName, label: version.label, path: version.path.replace(/\/$/, '') || '/', isLast: version.isLast });
    const order = new Map(Object.values(version.sidebars).flatMap(sidebarOrder).map((id, i) => [id, i] as const));
    for (const doc of version.docs) {
      const generated = doc.id.startsWith('typedoc/');
      const top = doc.sourceDirName.split('/')[0];
      const section = generated ? 'API reference' : top && top !== '.' ? categoryLabel(path.join(version.contentPath, top)) : 'Docs';
      pages.push({
        kind: 'doc',
        title: doc.title,
        description: doc.description,
        permalink: doc.permalink,
        sourcePath: resolveSource(siteDir, doc.source),
        image: typeof doc.frontMatter.image === 'string' ? doc.frontMatter.image : undefined,
        section,
        version: version.label,
        versionName: version.versionName,
        generated,
        order: order.get(doc.id) ?? Number.MAX_SAFE_INTEGER,
      });
    }
  }
  (blogContent?.blogPosts ?? []).forEach(({ metadata }, i) => {
    const date = new Date(metadata.date);
    pages.push({
      kind: 'post',
      title: metadata.title,
      description: metadata.description,
      permalink: metadata.permalink,
      sourcePath: resolveSource(siteDir, metadata.source),
      image: typeof metadata.frontMatter.image === 'string' ? metadata.frontMatter.image : undefined,
      section: 'Blog',
      version: date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }),
      order: i,
    });
  });
  return { pages, versions };
}
