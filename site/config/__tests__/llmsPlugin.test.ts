import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { llmsSections, robotsTxt } from '../llmsPlugin';
import { collectPages, sidebarOrder } from '../sitePages';

const siteDir = path.resolve(__dirname, '../..');

const doc = (id: string, permalink: string, extra: Record<string, unknown> = {}) => ({
  id,
  title: id,
  description: `About ${id}.`,
  permalink,
  source: `@site/docs/${id}.md`,
  sourceDirName: id.includes('/') ? id.slice(0, id.lastIndexOf('/')) : '.',
  frontMatter: { image: `/img/cards/docs/${id}.png` },
  ...extra,
});

const allContent = {
  'docusaurus-plugin-content-docs': {
    default: {
      loadedVersions: [
        {
          versionName: 'current',
          label: '11.x',
          path: '/docs',
          isLast: true,
          contentPath: path.join(siteDir, 'docs'),
          docs: [doc('server/routers', '/docs/server/routers'), doc('intro', '/docs/'), doc('typedoc/server/index', '/docs/typedoc/server/')],
          sidebars: { docs: [{ type: 'doc', id: 'intro' }, { type: 'category', items: [{ type: 'doc', id: 'server/routers' }] }] },
        },
        {
          versionName: '9.x',
          label: '9.x',
          path: '/docs/v9',
          isLast: false,
          contentPath: path.join(siteDir, 'versioned_docs/version-9.x'),
          docs: [doc('react', '/docs/v9/react')],
          sidebars: { docs: [{ type: 'doc', id: 'react' }] },
        },
      ],
    },
  },
  'docusaurus-plugin-content-blog': {
    default: {
      blogPosts: [
        { metadata: { title: 'Post', description: 'A post.', permalink: '/blog/post', source: '@site/blog/2024-01-02-post.md', date: '2024-01-02', frontMatter: {} } },
      ],
    },
  },
};

describe('llms.txt sections', () => {
  it('lists each version’s guides in sidebar order, then its API reference, then the blog, as absolute .md URLs', () => {
    const { pages, versions } = collectPages(allContent, siteDir);
    const sections = llmsSections(pages, versions, 'https://trpc.example');
    expect(sections.map((s) => [s.heading, s.entries.map((e) => e.url)])).toEqual([
      ['11.x docs (current)', ['https://trpc.example/docs.md', 'https://trpc.example/docs/server/routers.md']],
      ['11.x API reference', ['https://trpc.example/docs/typedoc/server.md']],
      ['9.x docs', ['https://trpc.example/docs/v9/react.md']],
      ['9.x API reference', []],
      ['Blog', ['https://trpc.example/blog/post.md']],
    ]);
    expect(sections[0].entries[1].description).toBe('About server/routers.');
  });

  it('labels cards with the folder’s category and the version', () => {
    const { pages } = collectPages(allContent, siteDir);
    const routers = pages.find((p) => p.permalink === '/docs/server/routers')!;
    expect([routers.section, routers.version]).toEqual(['Backend Usage', '11.x']); // site/docs/server/_category_.json
    expect(pages.find((p) => p.permalink === '/docs/typedoc/server/')!.section).toBe('API reference');
    expect(pages.find((p) => p.kind === 'post')!.version).toBe('January 2, 2024');
  });

  it('walks categories with their own page first', () => {
    expect(sidebarOrder([{ type: 'category', link: { type: 'doc', id: 'a' }, items: [{ type: 'doc', id: 'b' }] }, { type: 'link' }])).toEqual(['a', 'b']);
  });
});

describe('robots.txt', () => {
  it('allows crawling and points at the sitemap by absolute URL', () => {
    expect(robotsTxt('https://trpc.example')).toBe('User-agent: *\nAllow: /\n\nSitemap: https://trpc.example/sitemap.xml\n');
  });
});
