import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DefaultParseFrontMatter } from '@docusaurus/types';
import { blogEditUrl, cardPath, docsEditUrl, docsTeamName, gitHistory, parseFrontMatterWithDefaults } from '../pageDefaults';

const siteDir = path.resolve(__dirname, '../..');

async function loadConfig(env: Record<string, string>) {
  vi.resetModules();
  for (const [key, value] of Object.entries({ TYPEDOC: '0', ...env })) vi.stubEnv(key, value);
  return (await import('../../docusaurus.config')).default;
}
afterEach(() => vi.unstubAllEnvs());

type EditUrlFn = (args: Record<string, string>) => string | undefined;
type Options = Record<string, { editUrl?: EditUrlFn; showLastUpdateTime?: boolean; showLastUpdateAuthor?: boolean }>;
const presetOptions = (config: Awaited<ReturnType<typeof loadConfig>>) => (config.presets as [string, Options][])[0][1];

describe('edit links', () => {
  it('are off by default and lead to the source file when EDIT_URL is set', async () => {
    const off = presetOptions(await loadConfig({}));
    expect(off.docs.editUrl).toBeUndefined();
    expect(off.blog.editUrl).toBeUndefined();

    const on = presetOptions(await loadConfig({ EDIT_URL: 'https://github.com/trpc/www/edit/main/' }));
    expect(on.docs.editUrl!({ versionDocsDirPath: 'docs', docPath: 'server/routers.md' })).toBe(
      'https://github.com/trpc/www/edit/main/site/docs/server/routers.md',
    );
    expect(on.docs.editUrl!({ versionDocsDirPath: 'versioned_docs/version-10.x', docPath: 'quickstart.md' })).toBe(
      'https://github.com/trpc/www/edit/main/site/versioned_docs/version-10.x/quickstart.md',
    );
    // The generated API reference has no source to edit.
    expect(on.docs.editUrl!({ versionDocsDirPath: 'docs', docPath: 'typedoc/server/index.md' })).toBeUndefined();
    expect(on.blog.editUrl!({ blogDirPath: 'blog', blogPath: '2022-11-21-announcing-trpc-10.md' })).toBe(
      'https://github.com/trpc/www/edit/main/site/blog/2022-11-21-announcing-trpc-10.md',
    );
  });

  it('stop the build with a message naming EDIT_URL on a bad value', async () => {
    await expect(loadConfig({ EDIT_URL: 'github.com/trpc/www' })).rejects.toThrow(/EDIT_URL/);
  });

  it('are built from the helpers the config uses', () => {
    expect(docsEditUrl(null)).toBeUndefined();
    expect(blogEditUrl(null)).toBeUndefined();
  });
});

describe('last update', () => {
  it('shows dates and authors in docs and blog when the git history is whole', async () => {
    const options = presetOptions(await loadConfig({}));
    const full = gitHistory(siteDir) === 'full';
    for (const kind of ['docs', 'blog']) {
      expect(options[kind].showLastUpdateAuthor, kind).toBe(true);
      expect(options[kind].showLastUpdateTime, kind).toBe(full);
    }
  });

  it('tells a whole history from a shallow clone and from no repository', () => {
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'git-history-'));
    try {
      const repo = path.resolve(siteDir, '..');
      execFileSync('git', ['clone', '--quiet', '--depth', '1', `file://${repo}`, path.join(tmp, 'shallow')], { stdio: 'ignore' });
      expect(gitHistory(path.join(tmp, 'shallow'))).toBe('shallow');
      fs.mkdirSync(path.join(tmp, 'plain'));
      expect(gitHistory(path.join(tmp, 'plain'))).toBe('none');
    } finally {
      fs.rmSync(tmp, { recursive: true, force: true });
    }
  });

  it('reads the author role from the blog authors, never a person', () => {
    expect(docsTeamName(siteDir)).toBe('tRPC Docs Team');
  });
});

describe('front matter defaults', () => {
  const parse = parseFrontMatterWithDefaults(siteDir);
  const defaultParse: DefaultParseFrontMatter = async ({ fileContent }) => ({
    frontMatter: JSON.parse(fileContent) as Record<string, unknown>,
    content: '',
  });
  const run = (rel: string, frontMatter: Record<string, unknown>) =>
    parse({ filePath: path.join(siteDir, rel), fileContent: JSON.stringify(frontMatter), defaultParseFrontMatter: defaultParse });

  it('gives docs and posts the team as author and a card of their own', async () => {
    expect((await run('docs/server/routers.md', { title: 'Routers' })).frontMatter).toEqual({
      title: 'Routers',
      last_update: { author: 'tRPC Docs Team' },
      image: '/img/cards/docs/server/routers.png',
    });
    expect((await run('blog/2022-11-21-x.md', {})).frontMatter.image).toBe('/img/cards/blog/2022-11-21-x.png');
    expect((await run('versioned_docs/version-9.x/react.md', {})).frontMatter.image).toBe(
      '/img/cards/versioned_docs/version-9.x/react.png',
    );
  });

  it('keeps what the page sets, and leaves generated pages, partials and other files alone', async () => {
    const own = await run('docs/faq.md', { image: '/img/own.png', last_update: { author: 'Core team', date: '2024-01-01' } });
    expect(own.frontMatter).toEqual({ image: '/img/own.png', last_update: { author: 'Core team', date: '2024-01-01' } });
    expect((await run('docs/typedoc/server/index.md', {})).frontMatter).toEqual({ image: '/img/cards/docs/typedoc/server/index.png' });
    expect((await run('docs/_partial.md', {})).frontMatter).toEqual({});
    expect((await run('src/pages/media.md', {})).frontMatter).toEqual({});
  });

  it('names cards after the source path', () => {
    expect(cardPath('docs/client/react/setup.mdx')).toBe('/img/cards/docs/client/react/setup.png');
  });
});
