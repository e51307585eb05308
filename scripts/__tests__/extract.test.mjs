import { describe, expect, it } from 'vitest';
import { blocksByVersion, blockVersion, extractBlocks, extractConfigBlocks, layoutPage, parseMeta, projectFolder, resolveFrom, versionOf } from '../samples/extract.mjs';

const page = [
  '# Title',
  '',
  '```ts title="server/trpc.ts"',
  "export const x = 1;",
  '```',
  '',
  '- a list item with an indented block:',
  '',
  '  ```tsx',
  '  export const el = <div />;',
  '  ```',
  '',
  '```bash',
  'npm install @trpc/server',
  '```',
  '',
  '````md',
  '```ts',
  'not a block of its own',
  '```',
  '````',
].join('\n');

describe('extractBlocks', () => {
  it('finds ts and tsx fences with their meta and first code line, and nothing else', () => {
    const blocks = extractBlocks(page);
    expect(blocks.map((b) => [b.lang, b.line, b.code])).toEqual([
      ['ts', 4, 'export const x = 1;'],
      ['tsx', 10, 'export const el = <div />;'],
    ]);
    expect(blocks[0].meta).toEqual({ title: 'server/trpc.ts' });
  });
});

describe('parseMeta', () => {
  it('reads quoted, bare and flag values', () => {
    expect(parseMeta('title="a b.ts" hidden trpc=10 nocheck=\'why\'')).toEqual({
      title: 'a b.ts',
      hidden: true,
      trpc: '10',
      nocheck: 'why',
    });
  });
});

describe('layoutPage', () => {
  const block = (code, meta = {}, line = 1, lang = 'ts') => ({ code, meta, line, lang });

  it('places titled blocks at their path and untitled ones in their own files', () => {
    const layout = layoutPage([block('a', { title: 'server/router.ts' }, 3), block('b', {}, 9, 'tsx')]);
    expect(layout.files.map((f) => f.path)).toEqual(['server/router.ts', '__block2.tsx']);
    expect(layout.problems).toEqual([]);
  });

  it('starts a new snapshot when a title repeats, carrying the other files along', () => {
    const layout = layoutPage([
      block('v1', { title: 'router.ts' }, 1),
      block('client', { title: 'client.ts' }, 5),
      block('v2', { title: 'router.ts' }, 9),
    ]);
    const s1 = layout.files.filter((f) => f.path.startsWith('s1/'));
    expect(s1.map((f) => [f.path, f.code])).toEqual([
      ['s1/router.ts', 'v2'],
      ['s1/client.ts', 'client'],
    ]);
  });

  it('takes the file path from the first word of a title that says more ("client.ts (v10, before)")', () => {
    const layout = layoutPage([
      block('router', { title: 'server/router.ts' }, 1),
      block('old', { title: 'client.ts (v10, before)' }, 5),
      block('new', { title: 'client.ts (v11, after)' }, 9),
    ]);
    expect(layout.files.map((f) => [f.path, f.code])).toEqual([
      ['s0/server/router.ts', 'router'],
      ['s0/client.ts', 'old'],
      ['s1/server/router.ts', 'router'],
      ['s1/client.ts', 'new'],
    ]);
  });

  it('requires a reason for nocheck and reports exemptions', () => {
    const layout = layoutPage([block('x', { nocheck: true }, 2), block('y', { nocheck: 'shows an error' }, 7)]);
    expect(layout.problems).toEqual([{ line: 2, message: expect.stringContaining('reason') }]);
    expect(layout.exempt).toEqual([{ line: 7, reason: 'shows an error' }]);
    expect(layout.files).toEqual([]);
  });

  it('rejects titles that escape the page folder', () => {
    const layout = layoutPage([block('x', { title: '../../etc/passwd.ts' }, 1)]);
    expect(layout.files[0].path).toBe('__block1.ts');
  });
});

describe('versions', () => {
  it('maps folders to versions and honours trpc= overrides', () => {
    expect(versionOf('docs/server/routers.md')).toBe('v11');
    expect(versionOf('versioned_docs/version-10.x/quickstart.md')).toBe('v10');
    expect(versionOf('versioned_docs/version-9.x/router.md')).toBe('v9');
    expect(versionOf('blog/2022-11-21-announcing-trpc-10.md')).toBe('v11');
    expect(blockVersion({ trpc: '9' }, 'v11')).toBe('v9');
    expect(blockVersion({ trpc: '12' }, 'v10')).toBe('v10');
  });

  it('groups a page\'s blocks by version, the page\'s own unless a fence says trpc=', () => {
    const md = ['```ts', 'a', '```', '```ts trpc=10', 'b', '```', '```ts', 'c', '```', '```ts trpc=9', 'd', '```'].join('\n');
    const byVersion = blocksByVersion(extractBlocks(md), 'blog/2022-11-21-announcing-trpc-10.md');
    expect([...byVersion].map(([v, blocks]) => [v, blocks.map((b) => b.code)])).toEqual([
      ['v11', ['a', 'c']],
      ['v10', ['b']],
      ['v9', ['d']],
    ]);
    expect([...blocksByVersion(extractBlocks('```ts\nx\n```'), 'versioned_docs/version-9.x/router.md').keys()]).toEqual(['v9']);
  });

  it('names a page\'s project folder after its path', () => {
    expect(projectFolder('docs/server/routers.md')).toBe('docs/server/routers');
    expect(projectFolder('versioned_docs/version-10.x/client/react/setup.mdx')).toBe('versioned_docs/version-10_x/client/react/setup');
    expect(projectFolder('blog/2024-05-23-trpc actions.md')).toBe('blog/2024-05-23-trpc_actions');
  });
});

describe('extractConfigBlocks', () => {
  it('finds JSON blocks that hold compilerOptions, with their meta and first line', () => {
    const md = [
      '```json title="tsconfig.json"',
      '{ "compilerOptions": { "strict": true } }',
      '```',
      '```json',
      '{ "name": "app" }',
      '```',
      '```jsonc nocheck="a fragment"',
      '{ "compilerOptions": {} }',
      '```',
      '```ts',
      'const compilerOptions = {};',
      '```',
    ].join('\n');
    const blocks = extractConfigBlocks(md);
    expect(blocks.map((b) => [b.lang, b.line, b.meta])).toEqual([
      ['json', 2, { title: 'tsconfig.json' }],
      ['jsonc', 8, { nocheck: 'a fragment' }],
    ]);
  });
});

describe('resolveFrom (a block that is another page\'s file)', () => {
  const fence = (meta, code) => ['```ts ' + meta, ...code, '```'].join('\n');
  const quickstart = [
    '# Quickstart',
    fence('title="server/trpc.ts"', ['export const first = 1;']),
    'It grows:',
    fence('title="server/trpc.ts"', ['export const first = 1;', 'export const second = 2;']),
    fence('title="server/context.ts" nocheck="a fragment"', ['export const ctx = {};']),
  ].join('\n');
  const pages = {
    'docs/quickstart.md': quickstart,
    'docs/a.md': fence('title="server/x.ts" hidden from="b.md"', []),
    'docs/b.md': fence('title="server/x.ts" hidden from="a.md"', []),
    'docs/c.md': fence('title="server/trpc.ts" hidden from="../docs/quickstart.md"', []),
  };
  const read = (rel) => pages[rel];
  const resolve = (meta, code = []) => resolveFrom(extractBlocks(fence(meta, code)), 'docs/server/page.md', read);

  it('fills an empty hidden block with the last block of that title on the named page, keeping its own line', () => {
    const { blocks, problems } = resolve('title="server/trpc.ts" hidden from="../quickstart.md"');
    expect(problems).toEqual([]);
    expect(blocks[0].code).toBe('export const first = 1;\nexport const second = 2;');
    expect(blocks[0].line).toBe(2);
    expect(blocks[0].from).toEqual({ page: 'docs/quickstart.md', line: 7 });
    // The layout compiles the filled code and remembers where it came from.
    const layout = layoutPage(blocks);
    expect(layout.problems).toEqual([]);
    expect(layout.files[0]).toMatchObject({ path: 'server/trpc.ts', code: blocks[0].code, from: { page: 'docs/quickstart.md', line: 7 } });
  });

  it('accepts a copy that equals the original, trailing spaces aside', () => {
    const { blocks, problems } = resolve('title="server/trpc.ts" from="../quickstart.md"', ['export const first = 1;  ', 'export const second = 2;', '']);
    expect(problems).toEqual([]);
    expect(blocks[0].from).toEqual({ page: 'docs/quickstart.md', line: 7 });
  });

  it('names the first line where a copy differs from the original', () => {
    const { problems } = resolve('title="server/trpc.ts" hidden from="../quickstart.md"', ['export const first = 1;', 'export const second = 3;']);
    expect(problems).toHaveLength(1);
    expect(problems[0].line).toBe(2);
    expect(problems[0].message).toContain('differs from server/trpc.ts at docs/quickstart.md:7; first at its line 2');
    expect(problems[0].message).toContain('"export const second = 3;" here, "export const second = 2;" there');
  });

  it('a copy of an earlier version of the file is a difference too', () => {
    const { problems } = resolve('title="server/trpc.ts" hidden from="../quickstart.md"', ['export const first = 1;']);
    expect(problems[0].message).toContain('"(end of block)" here, "export const second = 2;" there');
  });

  it('refuses an empty block that readers would see', () => {
    const { problems } = resolve('title="server/trpc.ts" from="../quickstart.md"');
    expect(problems[0].message).toContain('a block readers see must show its code');
  });

  it('reports a page that does not exist, a title the page lacks, a missing title and a path out of the site', () => {
    expect(resolve('title="server/trpc.ts" hidden from="../nope.md"').problems[0].message).toContain('no page at docs/nope.md');
    expect(resolve('title="server/db.ts" hidden from="../quickstart.md"').problems[0].message).toContain('docs/quickstart.md has no block titled server/db.ts');
    // A nocheck block is not a file the reader's project compiles, so it cannot be taken.
    expect(resolve('title="server/context.ts" hidden from="../quickstart.md"').problems[0].message).toContain('has no block titled server/context.ts');
    expect(resolve('hidden from="../quickstart.md"').problems[0].message).toContain('only a block with a file title');
    expect(resolve('title="server/trpc.ts" hidden from="../../../etc/passwd.md"').problems[0].message).toContain('leaves the site folder');
    expect(resolve('title="server/trpc.ts" hidden from="../quickstart"').problems[0].message).toContain('give the Markdown file of a page');
    expect(resolve('title="server/trpc.ts" hidden from').problems[0].message).toContain('give the Markdown file of a page');
    expect(resolve('title="server/trpc.ts" hidden from="/docs/quickstart.md"').problems[0].message).toContain('relative to this page');
    expect(resolve('title="server/trpc.ts" hidden from="https://trpc.io/docs/quickstart.md"').problems[0].message).toContain('relative to this page');
    // Only the docs, versioned docs and blog are pages; anything else reads as missing.
    expect(resolveFrom(extractBlocks(fence('title="x.ts" hidden from="../README.md"', [])), 'docs/a.md', (rel) => (rel === 'README.md' ? undefined : pages[rel])).problems[0].message).toContain('no page at README.md');
    // A page may not take a file from itself.
    const self = resolveFrom(extractBlocks(fence('title="server/x.ts" hidden from="a.md"', [])), 'docs/a.md', read);
    expect(self.problems[0].message).toContain('loops: docs/a.md -> docs/a.md');
  });

  it('follows a chain of pages and stops at a loop', () => {
    const chained = resolveFrom(extractBlocks(fence('title="server/trpc.ts" hidden from="c.md"', [])), 'docs/d.md', read);
    expect(chained.problems).toEqual([]);
    expect(chained.blocks[0].code).toContain('second');
    const loop = resolveFrom(extractBlocks(pages['docs/a.md']), 'docs/a.md', read);
    expect(loop.problems).toHaveLength(1);
    expect(loop.problems[0].message).toBe('from="b.md": docs/b.md:2 from="a.md": a chain of from= that loops: docs/a.md -> docs/b.md -> docs/a.md');
    expect(loop.blocks[0].code).toBe('');
  });

  it('reads and resolves a page named by several blocks once', () => {
    const calls = [];
    const counting = (rel) => {
      calls.push(rel);
      return pages[rel];
    };
    const md = [fence('title="server/trpc.ts" hidden from="../quickstart.md"', []), fence('title="server/trpc.ts" from="../quickstart.md"', ['export const first = 1;', 'export const second = 2;'])].join('\n');
    const { problems } = resolveFrom(extractBlocks(md), 'docs/server/page.md', counting);
    expect(problems).toEqual([]);
    expect(calls).toEqual(['docs/quickstart.md']);
  });

  it('leaves blocks without from untouched', () => {
    const blocks = extractBlocks(fence('title="server/trpc.ts"', ['export {};']));
    expect(resolveFrom(blocks, 'docs/x.md', read)).toEqual({ blocks, problems: [] });
  });
});
