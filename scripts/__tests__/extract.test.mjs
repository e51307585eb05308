import { describe, expect, it } from 'vitest';
import { blockVersion, extractBlocks, extractConfigBlocks, layoutPage, parseMeta, versionOf } from '../samples/extract.mjs';

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
