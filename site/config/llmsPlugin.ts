import fs from 'node:fs';
import path from 'node:path';
import type { LoadContext, Plugin } from '@docusaurus/types';
import { markdownUrl } from '../src/components/CopyPage/markdownUrl';
import { llmsTxt, toMarkdown, urlResolver, type LlmsSection } from './markdownExport';
import { collectPages, type SitePage, type SiteVersion } from './sitePages';

/**
 * Files for tools and assistants, written after the build:
 * - every doc page and blog post as plain Markdown at its URL plus `.md` (config/markdownExport.ts),
 *   with a "Source:" line naming the page's address, so a copied page says where it came from;
 * - /llms.txt: one section per docs version (guides, then the API reference) and the blog, each link
 *   an absolute URL with the page's one-line description;
 * - /llms-full.txt: the current version's guides in sidebar order, in one file;
 * - /robots.txt: everything may be crawled; the sitemap's absolute URL.
 * Checked on the built site by e2e/tests/llms.spec.ts.
 */

function byOrder(a: SitePage, b: SitePage): number {
  return a.order - b.order || a.permalink.localeCompare(b.permalink);
}

export function robotsTxt(siteUrl: string): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${new URL('/sitemap.xml', siteUrl).href}\n`;
}

export function llmsSections(pages: SitePage[], versions: SiteVersion[], siteUrl: string): LlmsSection[] {
  const abs = (p: string) => new URL(p, siteUrl).href;
  const sections: LlmsSection[] = [];
  for (const version of versions) {
    const docs = pages.filter((p) => p.kind === 'doc' && p.versionName === version.name).sort(byOrder);
    const entry = (p: SitePage) => ({ title: p.title, url: abs(markdownUrl(p.permalink)), description: p.description });
    const current = version.isLast ? ' (current)' : '';
    sections.push({ heading: `${version.label} docs${current}`, entries: docs.filter((p) => !p.generated).map(entry) });
    sections.push({ heading: `${version.label} API reference`, entries: docs.filter((p) => p.generated).map(entry) });
  }
  const posts = pages.filter((p) => p.kind === 'post').sort(byOrder);
  sections.push({
    heading: 'Blog',
    entries: posts.map((p) => ({ title: p.title, url: abs(markdownUrl(p.permalink)), description: p.description })),
  });
  return sections;
}

export default function llmsPlugin(context: LoadContext): Plugin {
  const { siteDir, siteConfig } = context;
  let pages: SitePage[] = [];
  let versions: SiteVersion[] = [];
  return {
    name: 'llms-txt',
    allContentLoaded({ allContent }) {
      ({ pages, versions } = collectPages(allContent, siteDir));
    },
    async postBuild({ outDir }) {
      const started = Date.now();
      const siteUrl = siteConfig.url;
      const permalinks = new Map(pages.map((p) => [p.sourcePath, p.permalink]));
      const markdown = new Map<SitePage, string>();
      for (const page of pages) {
        const source = fs.readFileSync(page.sourcePath, 'utf8');
        const resolveUrl = urlResolver({ siteUrl, permalink: page.permalink, sourcePath: page.sourcePath, permalinks });
        let md: string;
        try {
          md = await toMarkdown(source, { title: page.title, resolveUrl, sourceUrl: new URL(page.permalink, siteUrl).href });
        } catch (error) {
          throw new Error(`Could not export ${path.relative(siteDir, page.sourcePath)} as Markdown: ${(error as Error).message}`);
        }
        markdown.set(page, md);
        const target = path.join(outDir, markdownUrl(page.permalink));
        fs.mkdirSync(path.dirname(target), { recursive: true });
        fs.writeFileSync(target, md);
      }

      const current = versions.find((v) => v.isLast);
      const full = current
        ? pages.filter((p) => p.kind === 'doc' && p.versionName === current.name && !p.generated).sort(byOrder)
        : [];
      const fullParts = [`# ${siteConfig.title} ${current?.label ?? ''} documentation\n\n> ${siteConfig.tagline}\n`];
      for (const page of full) fullParts.push(markdown.get(page)!);
      fs.writeFileSync(path.join(outDir, 'llms-full.txt'), fullParts.join('\n---\n\n'));

      const details = [
        `The documentation of ${siteConfig.title}, the end-to-end typesafe RPC library for TypeScript, for language models and other tools.`,
        'Every doc page and blog post is also served as plain Markdown at its address plus `.md`; the links below lead there.',
        current
          ? `[llms-full.txt](${new URL('/llms-full.txt', siteUrl).href}) holds every ${current.label} guide (without the API reference) in one file.`
          : '',
      ]
        .filter(Boolean)
        .join(' ');
      fs.writeFileSync(
        path.join(outDir, 'llms.txt'),
        llmsTxt({ title: siteConfig.title, summary: siteConfig.tagline, details, sections: llmsSections(pages, versions, siteUrl) }),
      );
      fs.writeFileSync(path.join(outDir, 'robots.txt'), robotsTxt(siteUrl));
      console.log(`[llms] ${markdown.size} Markdown pages, llms.txt, llms-full.txt (${full.length} pages) and robots.txt in ${Date.now() - started} ms`);
    },
  };
}
