import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { compile } from '@mdx-js/mdx';
import { describe, expect, it } from 'vitest';
import { codeTypesEngine, errorHtml, queryHtml, remarkCodeTypes, renderBlock, reportFromProblems, TypeTable, typedCallDemo, type BlockTypes } from '../codeTypes';
import { loadLanguages } from '../codeHighlight';
import { blockSize, EXTRAS, splitExtras } from '../../src/components/CodeTypes/format';
import { shownLinesHtml } from '../../src/components/CodeHighlight/lines';

const prism = loadLanguages([]);
const none: BlockTypes = { identifiers: [], queries: [], errors: [] };

describe('renderBlock', () => {
  it('gives each identifier an index into the page table, shared by identical quick info', () => {
    const table = new TypeTable();
    const code = 'const book = getBook();\nconst again = book;';
    const types: BlockTypes = {
      ...none,
      identifiers: [
        { line: 0, column: 6, length: 4, text: 'const book: Book' },
        { line: 0, column: 13, length: 7, text: 'function getBook(): Book' },
        { line: 1, column: 14, length: 4, text: 'const book: Book' },
      ],
    };
    const { lines } = renderBlock(code, 'ts', types, table, prism);
    expect(table.entries).toEqual(['const book: Book', 'function getBook(): Book']);
    expect(lines[0]).toContain('<span data-t="0">book</span>');
    // The identifier keeps Prism's token class.
    expect(lines[0]).toContain('<span class="token function" data-t="1">getBook</span>');
    expect(lines[1]).toContain('<span data-t="0">book</span><span class="token punctuation">;</span>');
    expect(lines[1]).not.toContain('again</span>');
  });

  it('renders token types that look like plain text as bare text, and keeps identifiers and errors wrapped', () => {
    const plain = new Set(['punctuation', 'operator']);
    const code = 'const total = add(1, 2);';
    const types: BlockTypes = {
      ...none,
      identifiers: [{ line: 0, column: 6, length: 5, text: 'const total: number' }],
      errors: [{ line: 0, column: 21, length: 1, code: 2345, message: 'wrong' }],
    };
    const { lines } = renderBlock(code, 'ts', types, new TypeTable(), prism, plain);
    expect(lines[0]).toMatch(/^<span class="token keyword">const<\/span> <span data-t="0">total<\/span> = <span class="token function">add<\/span>\(<span class="token number">1<\/span>, /);
    expect(lines[0]).not.toContain('punctuation');
    expect(lines[0]).not.toContain('operator');
    // The error's range is a number token: still a span, with both classes.
    expect(lines[0]).toContain('<span class="token number code-error-range">2</span>');
  });

  it('escapes quick info and code, and a type cannot close the markup', () => {
    const table = new TypeTable();
    const { lines } = renderBlock('const a = "<b>";', 'ts', { ...none, identifiers: [{ line: 0, column: 6, length: 1, text: 'const a: "<b>"' }] }, table, prism);
    expect(lines[0]).not.toContain('<b>');
    expect(table.entries[0]).toBe('const a: "<b>"');
    expect(queryHtml({ kind: '?', marker: 1, line: 0, column: 2, text: '"</span><script>x</script>"' })).not.toMatch(/<script>|<\/span><script/);
  });

  it('replaces a `// ^?` line with the answer under the line it points into, at its column', () => {
    const code = 'const book = { id: "b1" };\n//    ^?\nbook.id;';
    const types: BlockTypes = { ...none, queries: [{ kind: '?', marker: 1, line: 0, column: 6, text: 'const book: {\n    id: string;\n}' }] };
    const { code: shown, lines } = renderBlock(code, 'ts', types, new TypeTable(), prism);
    expect(shown).toBe('const book = { id: "b1" };\nbook.id;');
    expect(lines).toHaveLength(2);
    const [first, extras] = splitExtras(lines[0]!);
    expect(first).toContain('book');
    expect(extras).toBe(
      '<span class="code-query" style="padding-left:6ch"><span class="code-query-text">const book: {&#10;    id: string;&#10;}</span></span>',
    );
    expect(splitExtras(lines[1]!)[1]).toBe('');
    // The shown lines still line up with the theme's view of the block.
    expect(shownLinesHtml(lines.join('\n'), shown, shown)).toEqual(lines);
  });

  it('marks an expected error, shows its message under the line and drops the @errors line', () => {
    const code = '// @errors: 2322\nconst n: number = "x";';
    const types: BlockTypes = {
      ...none,
      errors: [{ line: 1, column: 6, length: 1, code: 2322, message: "Type 'string' is not assignable to type 'number'." }],
    };
    const { code: shown, lines } = renderBlock(code, 'ts', types, new TypeTable(), prism);
    expect(shown).toBe('const n: number = "x";');
    const [first, extras] = splitExtras(lines[0]!);
    expect(first).toContain('<span class="code-error-range">n</span>');
    expect(extras).toContain('Type &#39;string&#39;'.replace('&#39;', "'").replace('&#39;', "'"));
    expect(extras).toContain('TS2322');
    expect(errorHtml(types.errors[0]!)).toContain('padding-left:6ch');
  });

  it('hides everything above a cut line', () => {
    const { code } = renderBlock('import x from "y";\n// ---cut---\nx;', 'ts', none, new TypeTable(), prism);
    expect(code).toBe('x;');
  });

  it('renders a completion list', () => {
    const html = queryHtml({ kind: '|', marker: 1, line: 0, column: 5, completions: [{ name: 'bookById', kind: 'property' }, { name: 'addBook', kind: 'method' }] });
    expect(html).toContain('<span class="code-completion" data-kind="property">bookById</span>');
    expect(html).toContain('padding-left:5ch');
  });
});

describe('remarkCodeTypes', () => {
  const source = ['# Page', '', '```ts title="a.ts"', 'export const a = 1;', '//           ^?', '```', '', '```ts hidden', 'const h = 1;', '```', ''].join('\n');
  const run = (typesOf: () => Map<number, BlockTypes>) =>
    compile({ value: source, path: path.join(__dirname, 'page.md') }, { remarkPlugins: [[remarkCodeTypes, { typesOf }]] }).then(String);

  it('puts the rendered lines on the code element and appends one table of types per page', async () => {
    const out = await run(
      () =>
        new Map([
          [4, { identifiers: [{ line: 0, column: 13, length: 1, text: 'const a: 1' }], queries: [{ kind: '?', marker: 1, line: 0, column: 13, text: 'const a: 1' }], errors: [] }],
        ]),
    );
    expect(out).toContain('"data-code-html"');
    expect(out).toContain('data-t=\\"0\\"');
    expect(out).toContain('code-query-text');
    expect(out).toMatch(/_jsx\(CodeTypes, \{\s*types: "\[\\"const a: 1\\"\]"/);
    // The marker line is not part of the shown code.
    expect(out).not.toContain('^?');
  });

  it('leaves a page without types alone', async () => {
    const out = await run(() => new Map());
    expect(out).not.toContain('CodeTypes');
    expect(out).not.toContain('data-code-html');
  });
});

describe('pages that take a file from another page', () => {
  it('types a block against the file its hidden `from` block names', { timeout: 120_000 }, () => {
    // 9.x Caching compiles against the context of 9.x SSR (`from="ssr.md"`); only that file gives
    // `ctx.shopper` a type, so the hover of `shopper` shows it.
    const file = path.join(__dirname, '..', '..', 'versioned_docs', 'version-9.x', 'caching.md');
    const source = fs.readFileSync(file, 'utf8');
    expect(source).toContain('```ts title="server/context.ts" hidden from="ssr.md"\n```');
    const types = codeTypesEngine().page(file, source);
    const texts = [...types.values()].flatMap((t) => t.identifiers.map((i) => i.text));
    expect(texts).toContainEqual(expect.stringMatching(/^\(property\) shopper: Shopper \| null$/));
  });
});

describe('blocks whose from= does not hold', () => {
  it('are reported by the whole-site pass with their page and line', { timeout: 120_000 }, () => {
    // A page of its own, read through the injected reader: one good block, one naming a page that
    // does not exist, one naming a title the Quickstart lacks. Lines are those of the blocks' first
    // code line, as the sample checker reports them.
    const rel = 'docs/__from-report-test.md';
    const file = path.join(__dirname, '..', '..', ...rel.split('/'));
    const page = [
      '# Test',
      '',
      '```ts title="server/a.ts"',
      'export const a = 1;',
      '```',
      '',
      '```ts title="server/b.ts" hidden from="./no-such-page.md"',
      '```',
      '',
      '```ts title="server/nowhere.ts" hidden from="./quickstart.md"',
      '```',
      '',
    ].join('\n');
    const read = (r: string) => (r === rel ? page : r === 'docs/quickstart.md' ? fs.readFileSync(path.join(__dirname, '..', '..', 'docs', 'quickstart.md'), 'utf8') : undefined);
    const { problems, pages } = codeTypesEngine().precompute({ files: [file], read });
    expect(pages).toBe(1);
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(/^docs\/__from-report-test\.md:8: from="\.\/no-such-page\.md": /);
    expect(problems[1]).toMatch(/^docs\/__from-report-test\.md:11: from="\.\/quickstart\.md": /);
  });

  it('stop a production build and only warn in development', () => {
    const problems = ['docs/x.md:7: from="./y.md": no such page'];
    expect(() => reportFromProblems(problems, true)).toThrow(/1 code block\(s\) with a from= that does not hold:\n {2}docs\/x\.md:7: from="\.\/y\.md": no such page/);
    const warned: string[] = [];
    expect(() => reportFromProblems(problems, false, (m) => warned.push(m))).not.toThrow();
    expect(warned).toHaveLength(1);
    expect(warned[0]).toContain('docs/x.md:7');
    expect(() => reportFromProblems([], true)).not.toThrow();
  });
});

describe('typedCallDemo', () => {
  it('computes a real completion list and result type from the demo router', () => {
    const demo = typedCallDemo(path.join(__dirname, '../../src/data/home-demo'));
    const names = demo.completions.items.map((c) => c.name);
    expect(names).toEqual(expect.arrayContaining(['addBook', 'bookById', 'bookList']));
    expect(demo.query).toMatch(/^const book: \{\s*id: string;\s*title: string;\s*author: string;\s*\}$/);
    expect(demo.lines).toHaveLength(1);
    expect(demo.lines[0]).toContain('data-t=');
    expect(demo.types.some((t) => t.startsWith('const trpc'))).toBe(true);
  }, 60_000);

  it('is computed again when a demo file changes, not read from the cache of the old one', () => {
    const source = path.join(__dirname, '../../src/data/home-demo');
    const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'home-demo-'));
    try {
      for (const f of fs.readdirSync(source)) fs.copyFileSync(path.join(source, f), path.join(copy, f));
      expect(typedCallDemo(copy).completions.items.map((c) => c.name)).toContain('bookList');
      // The router gains a procedure: the completion list must show it.
      const server = path.join(copy, 'server.ts');
      const code = fs.readFileSync(server, 'utf8');
      const renamed = code.replace(/\bbookList\b/g, 'bookCatalogue');
      expect(renamed).not.toBe(code);
      fs.writeFileSync(server, renamed);
      const names = typedCallDemo(copy).completions.items.map((c) => c.name);
      expect(names).toContain('bookCatalogue');
      expect(names).not.toContain('bookList');
    } finally {
      fs.rmSync(copy, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('blockSize', () => {
  const line = (code: string, ...extras: string[]) => splitExtras(extras.length ? `${code}${EXTRAS}${extras.join('')}` : code);
  const query = (text: string) => queryHtml({ kind: '?', marker: 1, line: 0, column: 6, text });
  const error = (message: string) => errorHtml({ line: 0, column: 0, length: 3, code: 2322, message });
  const completions = (...names: string[]) =>
    queryHtml({ kind: '|', marker: 1, line: 0, column: 5, completions: names.map((name) => ({ name, kind: 'property' })) });

  it('counts plain lines', () => {
    expect(blockSize([line('const a = 1;'), line(''), line('a;')])).toEqual({ lines: 3, boxes: 0 });
  });

  it('adds each answer and error as a box with its own lines, line breaks in the text included', () => {
    expect(blockSize([line('const book = get();', query('const book: {\n    id: string;\n}')), line('a;')])).toEqual({ lines: 5, boxes: 1 });
    expect(blockSize([line('const n: number = "x";', error('Type \'string\' is not assignable to type \'number\'.'))])).toEqual({ lines: 2, boxes: 1 });
    expect(blockSize([line('f(a);', query('const a: 1'), error('Expected 0 arguments, but got 1.'))])).toEqual({ lines: 3, boxes: 2 });
  });

  it('gives a completion list a line per entry and one box', () => {
    expect(blockSize([line('trpc.'), line('', completions('book', 'greeting', 'health'))])).toEqual({ lines: 5, boxes: 1 });
  });

  it('does not count a character reference or markup in the code as a line', () => {
    expect(blockSize([line('<span class="token string">"a&#10;b"</span>')])).toEqual({ lines: 1, boxes: 0 });
  });
});
