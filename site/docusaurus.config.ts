import fs from 'node:fs';
import type * as Preset from '@docusaurus/preset-classic';
import type { Config } from '@docusaurus/types';
import { themes as prismThemes, type PrismTheme } from 'prism-react-renderer';
import { siteEnv } from './config/env';
import { sidebarItemsGenerator } from './config/sidebarItemsGenerator';
import remarkHiddenCode from './config/remarkHiddenCode';
import remarkAnchorTargets from './config/remarkAnchorTargets';
import rehypeTables from './config/rehypeTables';
import rehypeTaskLists from './config/rehypeTaskLists';
import remarkLocalDocLinks from './config/remarkLocalDocLinks';
import { typedocPlugins } from './config/typedoc';
import searchHostsPlugin from './config/searchPlugin';
import announcementBarPlugin from './config/announcementBarPlugin';
import { codeHighlightPlugin, plainTokenTypes, remarkCodeHighlight } from './config/codeHighlight';
import servingPlugin from './config/servingPlugin';
import remarkAnchorAliases from './config/remarkAnchorAliases';
import redirectsPlugin from './config/redirectsPlugin';
import routeChunksPlugin, { routeChunksTemplate } from './config/routeChunksPlugin';
import clientStartupPlugin from './config/clientStartupPlugin';
import npm2yarn from '@docusaurus/remark-plugin-npm2yarn';
import socialCardsPlugin from './config/socialCards';
import llmsPlugin from './config/llmsPlugin';
import notFoundPagesPlugin from './config/notFoundPagesPlugin';
import { blogEditUrl, docsEditUrl, gitHistory, parseFrontMatterWithDefaults } from './config/pageDefaults';
import { codeTypesPlugin, remarkCodeTypes } from './config/codeTypes';
import { blog } from './src/data/blog';

/**
 * The site shell. Everything that varies between machines (the canonical URL, the search hosts and
 * credentials, analytics) comes from environment variables, read and validated in config/env.ts.
 */
const env = siteEnv(process.env);

const ANNOUNCEMENT_ID = 'post-trpc-actions-2024';

/**
 * The generated API reference (docs/typedoc/) is always built for CI and `npm start`. Writers can skip
 * it with TYPEDOC=0 while they work; links into the reference then only warn, since its pages may be
 * missing or stale.
 */
const withTypedoc = process.env.TYPEDOC !== '0';

/** LINKS=warn lets a writer build while pages that others are writing do not exist yet. Never in CI. */
const brokenLinks = process.env.LINKS === 'warn' && !process.env.CI ? 'warn' : 'throw';

/** Code colours and the grammars beyond Prism's defaults; code is highlighted at build time (config/codeHighlight.ts). */
const prism: { theme: PrismTheme; darkTheme: PrismTheme; additionalLanguages: string[]; defaultLanguage?: string } = {
  theme: prismThemes.github,
  darkTheme: prismThemes.dracula,
  additionalLanguages: ['bash', 'json', 'diff'],
};
/** The highlighters' options: the theme's, plus the token types that need no span (plainTokenTypes). */
const highlight = {
  ...prism,
  plainTypes: plainTokenTypes(prism.theme, prism.darkTheme, fs.readFileSync(`${__dirname}/src/css/custom.css`, 'utf8')),
};
/**
 * "Last updated" dates come from git history. A shallow clone would date every page to its one
 * commit, so then the dates are left out (authors still show); .ci/run fetches the full history first.
 */
const history = gitHistory(__dirname);
if (history !== 'full') {
  console.warn(
    `[last update] ${history === 'shallow' ? 'this clone is shallow' : 'no git history here'}: pages will not show "Last updated" dates (run git fetch --unshallow)`,
  );
}
const lastUpdate = { showLastUpdateTime: history === 'full', showLastUpdateAuthor: true };

/**
 * A remark plugin with its options bound in. Docusaurus ships the site config, the content plugins'
 * remark options included, to every visitor in main.js; as `[plugin, options]` pairs these carried
 * both Prism themes twice per content plugin and the docs folder's absolute path (about 9 kB, 0.3 kB
 * gzip). A function is serialised as null, so the options stay on the build machine.
 */
function withOptions<O>(plugin: (this: unknown, options: O) => unknown, options: O) {
  const bound = function boundRemarkPlugin(this: unknown) {
    return plugin.call(this, options);
  };
  // For tests and readers of the config; JSON.stringify, which writes the client's copy, skips them.
  return Object.assign(bound, { plugin, options });
}

const remarkPlugins = [
  // ```bash npm2yarn blocks become npm / pnpm / Yarn / Bun tabs, one choice remembered site-wide
  // (groupId "npm2yarn"). First, so the highlighter below sees the generated blocks.
  withOptions(npm2yarn as (options: object) => unknown, { sync: true, converters: ['pnpm', 'yarn', 'bun'] }),
  // Types of TypeScript samples (before hidden blocks are dropped, so blocks line up with the checker's).
  withOptions(remarkCodeTypes, highlight),
  remarkHiddenCode,
  remarkAnchorTargets,
  // Anchors the packages' JSDoc links expect, before the heading that covers them (config/anchorAliases.ts).
  withOptions(remarkAnchorAliases, { siteDir: __dirname }),
  // The same grammars (and default language, if one is set) as the theme config below.
  withOptions(remarkCodeHighlight, highlight),
  // Links to trpc.io's docs (the API reference's "See" links) go to this site's page when it has one.
  withOptions(remarkLocalDocLinks, { docsDir: `${__dirname}/docs` }),
];
/**
 * Tables fit their column (break points in cell code, column labels for the stacked layout on phones);
 * task-list checkboxes are named by their item's text.
 */
const rehypePlugins = [rehypeTables, rehypeTaskLists];

const config: Config = {
  title: 'tRPC',
  tagline: 'Move fast and break nothing. End-to-end typesafe APIs made easy.',
  titleDelimiter: '|',
  favicon: 'img/favicon.svg',
  url: env.siteUrl,
  baseUrl: '/',
  noIndex: false,
  onBrokenLinks: withTypedoc ? brokenLinks : 'warn',
  onBrokenAnchors: withTypedoc ? brokenLinks : 'warn',
  onDuplicateRoutes: 'throw',
  // Each page preloads its scripts (route chunks included) and runs them after the first
  // contentful paint (config/routeChunksPlugin.ts).
  ssrTemplate: routeChunksTemplate,
  markdown: {
    parseFrontMatter: parseFrontMatterWithDefaults(__dirname),
    hooks: { onBrokenMarkdownLinks: brokenLinks },
  },
  i18n: {
    defaultLocale: 'en',
    locales: ['en'],
    localeConfigs: { en: { label: 'English', direction: 'ltr', htmlLang: 'en' } },
  },
  future: {
    v4: true,
    // The persistent bundler cache kept stale MDX link-resolution results between builds (a link
    // reported broken after its target existed) and was seen to hang after an interrupted build.
    // A build must reflect the sources exactly, so every build compiles from scratch.
    faster: { rspackPersistentCache: false },
  },
  // The specification names the storage keys exactly (theme, docusaurus.announcement.dismiss, …):
  // keep them free of the per-site suffix that the v4 flags turn on.
  storage: { type: 'localStorage', namespace: false },
  customFields: {
    search: env.search,
  },
  scripts: env.socialWidgetSrc ? [{ src: env.socialWidgetSrc, async: true }] : [],
  plugins: [
    routeChunksPlugin,
    clientStartupPlugin,
    searchHostsPlugin,
    announcementBarPlugin(ANNOUNCEMENT_ID),
    codeHighlightPlugin(prism),
    codeTypesPlugin({ plainTypes: highlight.plainTypes }),
    socialCardsPlugin,
    llmsPlugin,
    notFoundPagesPlugin,
    // Old and package-linked addresses of the docs, as `_redirects` (301s from our server).
    redirectsPlugin,
    servingPlugin({
      searchHosts: env.search.hosts,
      scriptUrls: env.socialWidgetSrc ? [env.socialWidgetSrc] : [],
      analytics: Boolean(env.gaTrackingId),
      https: env.siteUrl.startsWith('https:'),
    }),
    ...(withTypedoc ? typedocPlugins(__dirname) : []),
  ],
  presets: [
    [
      'classic',
      {
        docs: {
          sidebarPath: './sidebars.ts',
          sidebarItemsGenerator,
          remarkPlugins,
          rehypePlugins,
          lastVersion: 'current',
          includeCurrentVersion: true,
          versions: {
            current: { label: '11.x', path: '', banner: 'unreleased' },
            '10.x': { label: '10.x', path: 'v10', banner: 'none' },
            '9.x': { label: '9.x', path: 'v9', banner: 'unmaintained' },
          },
          editUrl: docsEditUrl(env.editUrl),
          ...lastUpdate,
        },
        blog: {
          showReadingTime: true,
          rehypePlugins,
          blogSidebarTitle: 'All posts',
          // The list's description (meta and og:description), the feeds' (it was just "Blog") and the
          // lead under the list's heading (src/theme/BlogPostItems).
          blogTitle: blog.title,
          blogDescription: blog.description,
          blogSidebarCount: 'ALL',
          remarkPlugins,
          feedOptions: { type: ['rss', 'atom'], xslt: true },
          onInlineTags: 'throw',
          onInlineAuthors: 'throw',
          onUntruncatedBlogPosts: 'throw',
          editUrl: blogEditUrl(env.editUrl),
          ...lastUpdate,
        },
        pages: { remarkPlugins, rehypePlugins },
        theme: {
          customCss: './src/css/custom.css',
        },
        gtag: env.gaTrackingId ? { trackingID: env.gaTrackingId, anonymizeIP: false } : undefined,
        // The older versions' not-found pages (config/notFoundPagesPlugin.ts) are not pages to list.
        sitemap: { changefreq: 'weekly', priority: 0.5, ignorePatterns: ['/docs/*/404.html'] },
      } satisfies Preset.Options,
    ],
  ],
  themeConfig: {
    // Docs and posts get their own card (config/socialCards.ts); other pages use this one.
    image: 'img/social-card.png',
    metadata: [
      { property: 'og:site_name', content: 'tRPC' },
      { name: 'twitter:site', content: '@trpcio' },
    ],
    colorMode: {
      defaultMode: 'light',
      disableSwitch: false,
      respectPrefersColorScheme: true,
    },
    announcementBar: {
      id: ANNOUNCEMENT_ID,
      content:
        'New on the blog: <a href="/blog/trpc-actions">calling tRPC procedures as server actions</a>.',
      backgroundColor: '#1b4f78',
      textColor: '#ffffff',
      isCloseable: true,
    },
    docs: {
      sidebar: { hideable: false, autoCollapseCategories: false },
    },
    tableOfContents: { minHeadingLevel: 2, maxHeadingLevel: 3 },
    navbar: {
      title: 'tRPC',
      hideOnScroll: true,
      // No alt: beside the visible title the theme makes the mark decorative (alt=""), so the link
      // is announced "tRPC" rather than "tRPC logo tRPC".
      logo: {
        src: 'img/logo.svg',
        width: 32,
        height: 32,
      },
      items: [
        { type: 'docSidebar', sidebarId: 'docs', label: 'Docs', position: 'left' },
        { type: 'doc', docId: 'quickstart', label: 'Quickstart', position: 'left' },
        { type: 'doc', docId: 'community/awesome-trpc', label: 'Awesome Collection', position: 'left' },
        // Active on every page of the Next.js section (src/theme/NavbarItem/navbarDocMatch.ts).
        {
          type: 'doc',
          docId: 'client/nextjs/introduction',
          label: 'Using Next.js',
          position: 'left',
          activeDocIdPrefix: 'client/nextjs/',
        },
        { type: 'docsVersionDropdown', position: 'right', dropdownActiveClassDisabled: true },
        {
          href: 'https://github.com/trpc/trpc',
          position: 'right',
          className: 'navbar-icon navbar-icon--github',
          'aria-label': 'tRPC on GitHub',
        },
        {
          href: 'https://x.com/trpcio',
          position: 'right',
          className: 'navbar-icon navbar-icon--x',
          'aria-label': 'tRPC on X',
        },
        {
          href: 'https://trpc.io/discord',
          position: 'right',
          className: 'navbar-icon navbar-icon--discord',
          'aria-label': 'tRPC on Discord',
        },
      ],
    },
    footer: {
      style: 'dark',
      links: [
        {
          title: 'Docs',
          items: [
            { label: 'Introduction', to: '/docs/' },
            { label: 'Quickstart', to: '/docs/quickstart' },
            { label: 'Using Next.js', to: '/docs/client/nextjs' },
            { label: 'Version 10.x', to: '/docs/v10/' },
          ],
        },
        {
          title: 'Community',
          items: [
            { label: 'GitHub', href: 'https://github.com/trpc/trpc' },
            { label: 'Discord', href: 'https://trpc.io/discord' },
            { label: 'X', href: 'https://x.com/trpcio' },
            { label: 'Awesome Collection', to: '/docs/community/awesome-trpc' },
          ],
        },
        {
          title: 'More',
          items: [
            { label: 'Blog', to: '/blog' },
            { label: 'Pricing', to: '/pricing' },
            { label: 'Media kit', to: '/media' },
            { label: 'Search', to: '/search' },
          ],
        },
      ],
      // The hosting badge: what the site is built and served with, linked to it.
      logo: {
        alt: 'Built with Docusaurus',
        src: 'img/hosting-badge.svg',
        href: 'https://docusaurus.io',
        width: 200,
        height: 40,
      },
      copyright: `MIT licensed · © ${new Date().getFullYear()} the tRPC project`,
    },
    algolia: {
      appId: env.search.appId,
      apiKey: env.search.apiKey,
      indexName: env.search.indexName,
      contextualSearch: true,
      searchPagePath: 'search',
      insights: false,
    },
    prism,
  } satisfies Preset.ThemeConfig,
};

export default config;
