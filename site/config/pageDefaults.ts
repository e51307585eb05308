import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import type { ParseFrontMatter } from '@docusaurus/types';

/**
 * What every doc and blog post gets without its writer asking: the "Last updated" author (a team
 * role, never the person in the git log), the path of its social card, and where "Edit this page"
 * leads. The date itself comes from git history (showLastUpdateTime).
 */

/** The generated API reference: no writer edits it, so no edit link, author or card title of ours. */
export function isGenerated(siteRelativePath: string): boolean {
  return /(^|\/)typedoc\//.test(siteRelativePath);
}

/** The team role shown as "Last updated by …": the name of the docs team in the blog's authors.yml. */
export function docsTeamName(siteDir: string): string {
  const file = path.join(siteDir, 'blog', 'authors.yml');
  const authors = parseYaml(fs.readFileSync(file, 'utf8')) as Record<string, { name?: string }> | undefined;
  const name = authors?.['docs-team']?.name;
  if (!name) throw new Error(`${file} must define docs-team with a name: it is the "Last updated by" author`);
  return name;
}

/**
 * The site path of a page's social card, from its source file: site/docs/server/routers.md gives
 * /img/cards/docs/server/routers.png, site/blog/2022-11-21-x.md gives /img/cards/blog/2022-11-21-x.png.
 * config/socialCards.ts renders the PNG at that path after the build.
 */
export function cardPath(siteRelativePath: string): string {
  const rel = siteRelativePath.split(path.sep).join('/');
  return `/img/cards/${rel.replace(/\.mdx?$/, '')}.png`;
}

/** Docs and posts get a card; partials (_file.md) and pages do not. */
function hasCard(siteRelativePath: string): boolean {
  const rel = siteRelativePath.split(path.sep).join('/');
  return /^(docs|versioned_docs\/[^/]+|blog)\//.test(rel) && !/(^|\/)_[^/]*$/.test(rel);
}

/** `markdown.parseFrontMatter`: Docusaurus's own parser, then our defaults where the page sets none. */
export function parseFrontMatterWithDefaults(siteDir: string): ParseFrontMatter {
  const author = docsTeamName(siteDir);
  return async (params) => {
    const result = await params.defaultParseFrontMatter(params);
    const rel = path.relative(siteDir, params.filePath);
    if (!hasCard(rel)) return result;
    const frontMatter = { ...result.frontMatter };
    if (!isGenerated(rel)) {
      const lastUpdate = (frontMatter.last_update ?? {}) as Record<string, unknown>;
      frontMatter.last_update = { author, ...lastUpdate };
    }
    frontMatter.image ??= cardPath(rel);
    return { ...result, frontMatter };
  };
}

/** `editUrl` for the docs plugin: the source file in the repository's web editor, none for generated pages. */
export function docsEditUrl(editUrl: string | null) {
  if (!editUrl) return undefined;
  return ({ versionDocsDirPath, docPath }: { versionDocsDirPath: string; docPath: string }) =>
    isGenerated(docPath) ? undefined : `${editUrl}/site/${versionDocsDirPath}/${docPath}`;
}

/** `editUrl` for the blog plugin. */
export function blogEditUrl(editUrl: string | null) {
  if (!editUrl) return undefined;
  return ({ blogDirPath, blogPath }: { blogDirPath: string; blogPath: string }) => `${editUrl}/site/${blogDirPath}/${blogPath}`;
}

/**
 * Whether "Last updated" dates from git can be trusted here. In a shallow clone every file seems to
 * have changed in the one commit present, so the dates would all be that commit's: wrong. .ci/run
 * fetches the full history first; when that was not possible the dates are left out (with a warning)
 * rather than shown wrong.
 */
export function gitHistory(cwd: string): 'full' | 'shallow' | 'none' {
  try {
    const out = execFileSync('git', ['rev-parse', '--is-shallow-repository'], { cwd, stdio: ['ignore', 'pipe', 'ignore'] });
    return out.toString().trim() === 'true' ? 'shallow' : 'full';
  } catch {
    return 'none';
  }
}
