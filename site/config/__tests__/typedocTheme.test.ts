import { compile } from '@mdx-js/mdx';
import { describe, expect, it } from 'vitest';
import { collapseFlattenedParents, dropLeadingUnionBars, endSentences, finishPage, inlineTagLabels, MAX_TOC_ENTRIES, oneParagraph, pageDescription, plainCode, plainTitle, typeLinks } from '../typedocTheme.mjs';

const page = (declarations: number) =>
  [
    '# @trpc/x',
    '',
    'The x package.',
    '',
    '## Functions',
    '',
    '%%group-index%%',
    '',
    '- [a](#a): the first',
    '',
    '%%/group-index%%',
    '',
    ...Array.from({ length: declarations }, (_, i) => [`### f${i}() \\{#f${i}\\}`, '', '```ts', `f${i}(): void;`, '```', '', '***', '']).flat(),
  ].join('\n');

describe('typedocTheme: page end', () => {
  it('keeps the declarations in the TOC and drops the index when they fit', () => {
    const out = finishPage(page(MAX_TOC_ENTRIES - 1));
    expect(out.startsWith('# @trpc/x')).toBe(true);
    expect(out).not.toContain('%%');
    expect(out).not.toContain('- [a](#a)');
    expect(out).not.toMatch(/^\*\*\*$/m);
    expect(out).toContain('### f0() \\{#f0\\}');
  });

  it('limits the TOC to the groups and keeps their index when the declarations do not fit', () => {
    const out = finishPage(page(MAX_TOC_ENTRIES));
    expect(out.startsWith('---\ntoc_max_heading_level: 2\n---\n\n# @trpc/x')).toBe(true);
    expect(out).toContain('- [a](#a): the first');
    expect(out).not.toContain('%%');
    expect(out.match(/^### /gm)).toHaveLength(MAX_TOC_ENTRIES);
  });

  it('does not count or touch headings and rules inside code blocks', () => {
    const code = ['# t', '', 'Intro.', '', '## G', '', '```ts', ...Array.from({ length: 40 }, () => '### not a heading'), '***', '```', ''].join('\n');
    const out = finishPage(code);
    expect(out.startsWith('# t')).toBe(true);
    expect(out).toContain('***');
  });

  it('names a page whose heading holds Markdown in plain text, and lets the heading break after `<`', async () => {
    const heading = '# Class: TRPCClientError\\<TRouterOrProcedure *extends* `InferrableClientTypes`\\>';
    const out = finishPage(`${heading}\n\ntext\n`);
    expect(out).toBe(
      '---\ntitle: "Class: TRPCClientError<TRouterOrProcedure extends InferrableClientTypes>"\n---\n\n' +
        '# Class: TRPCClientError\\<<wbr />TRouterOrProcedure *extends* `InferrableClientTypes`\\>\n\ntext\n',
    );
    await expect(compile(out.replace(/^---[\s\S]*?---\n/, ''))).resolves.toBeDefined();
    // Both front matter keys together; a plain heading gets no title.
    const long = finishPage(page(MAX_TOC_ENTRIES).replace('# @trpc/x', '# Function: experimental\\_caller()'));
    expect(long.startsWith('---\ntitle: "Function: experimental_caller()"\ntoc_max_heading_level: 2\n---\n\n')).toBe(true);
    expect(finishPage('# @trpc/x\n\ntext\n')).toBe('# @trpc/x\n\ntext\n');
    expect(plainTitle('Type Alias: Foo \\{#foo\\}')).toBe('Type Alias: Foo');
  });

  it('describes a page that opens with no sentence by what it lists, not by its first heading', () => {
    const md = ['# Class: TRPCError', '', '```ts', 'class TRPCError extends Error', '```', '', '## Constructors', '', '## Properties', '', '### code', '', '## Methods', ''].join('\n');
    expect(pageDescription('Class: TRPCError', md)).toBe(
      'Class: TRPCError in the tRPC API reference: its constructors, properties and methods, with their signatures.',
    );
    expect(finishPage(md)).toMatch(/^---\ndescription: "Class: TRPCError in the tRPC API reference: its constructors, properties and methods, with their signatures."\n---\n\n# Class: TRPCError\n/);
    // A page with its own first sentence keeps it as its description.
    expect(pageDescription('@trpc/x', '# @trpc/x\n\nThe x package.\n\n## Functions\n')).toBeNull();
  });

  it('writes Markdown that compiles as MDX, front matter aside', async () => {
    const out = finishPage(page(30)).replace(/^---[\s\S]*?---\n/, '');
    await expect(compile(out)).resolves.toBeDefined();
  });
});

describe('typedocTheme: helpers', () => {
  it('collects the declarations a type links, once each', () => {
    const md = '[`TRPCProcedureBuilder`](#trpcprocedurebuilder)\\<`TContext`, [`Observable`](../observable/index.md#observable)\\> | [`TRPCProcedureBuilder`](#trpcprocedurebuilder)';
    expect(typeLinks(md)).toEqual(['[`TRPCProcedureBuilder`](#trpcprocedurebuilder)', '[`Observable`](../observable/index.md#observable)']);
    expect(typeLinks('`string` | `undefined`')).toEqual([]);
  });

  it('turns rendered type Markdown into plain code', () => {
    expect(plainCode('interface X<`TInput`, `TCaller` *extends* `boolean`> extends [`Base`](#base)\\<`TInput`\\>')).toBe(
      'interface X<TInput, TCaller extends boolean> extends Base<TInput>',
    );
  });

  it('puts a block tag label on the line of its text, unless a block follows', () => {
    expect(inlineTagLabels('Summary\n\n**See**\n\nhttps://example.com')).toBe('Summary\n\n**See:** https://example.com');
    expect(inlineTagLabels('**Example**\n\n```ts\nx\n```')).toBe('**Example**\n\n```ts\nx\n```');
  });

  it('joins one-line notes into one paragraph and leaves blocks alone', () => {
    expect(oneParagraph(['**Types:** [`A`](#a)', '', '**See:** x\n\n**Deprecated:** y'])).toBe('**Types:** [`A`](#a)\\\n**See:** x\\\n**Deprecated:** y');
    expect(oneParagraph(['**Types:** [`A`](#a)', '**Example:**\n\n```ts\nx\n```'])).toBe('**Types:** [`A`](#a)\n\n**Example:**\n\n```ts\nx\n```');
  });
});

describe('typedocTheme: parameters tables', () => {
  it("says `object` for an object parameter whose members follow, and leaves other rows alone", () => {
    const table = [
      '| Parameter | Type |',
      '| ------ | ------ |',
      '| `opts` | \\{ `cause?`: `unknown`; `code`: \\| `"A"` \\| `"B"`; \\} |',
      '| `opts.cause?` | `unknown` |',
      '| `opts.code` | \\| `"A"` \\| `"B"` |',
      '| `name` | `string` |',
    ].join('\n');
    const out = collapseFlattenedParents(table).split('\n');
    expect(out[2]).toBe('| `opts` | `object` |');
    expect(out.slice(3)).toEqual(table.split('\n').slice(3));
    expect(out.slice(0, 2)).toEqual(table.split('\n').slice(0, 2));
  });

  it('drops the bar in front of the first member of a union that starts a cell, and keeps the others', () => {
    const table = [
      '| Parameter | Type | Description |',
      '| ------ | ------ | ------ |',
      '| `opts.code` | \\| `"A"` \\| `"B"` | A code. |',
      '| `headers?` | \\| `HTTPHeaders` \\| ((`opts`: `object`) => `HTTPHeaders`) | Sent \\| kept. |',
      '| `name` | `string` \\| `undefined` | - |',
    ].join('\n');
    const out = dropLeadingUnionBars(table).split('\n');
    expect(out[2]).toBe('| `opts.code` | `"A"` \\| `"B"` | A code. |');
    expect(out[3]).toBe('| `headers?` | `HTTPHeaders` \\| ((`opts`: `object`) => `HTTPHeaders`) | Sent \\| kept. |');
    expect(out.slice(4)).toEqual(table.split('\n').slice(4));
    expect(out.slice(0, 2)).toEqual(table.split('\n').slice(0, 2));
  });
});

describe('typedocTheme: doc comments', () => {
  it('ends a sentence that the comment ended with a line break only', () => {
    expect(endSentences('Infer the context type from a procedure builder\nUseful to create helpers')).toBe('Infer the context type from a procedure builder.\nUseful to create helpers');
    expect(endSentences('handled by `next`\nThis provides')).toBe('handled by `next`.\nThis provides');
    // A line that already ends a sentence or a clause, a wrapped sentence, a list, a code name: unchanged.
    for (const text of ['Ends here.\nNext one', 'Lists:\nItem', 'passes the value to\nthe client', 'see\n- A', 'uses\nTRPCError']) {
      expect(endSentences(text), text).toBe(text);
    }
  });
});
