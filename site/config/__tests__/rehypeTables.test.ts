import { compile } from '@mdx-js/mdx';
import remarkGfm from 'remark-gfm';
import { describe, expect, it } from 'vitest';
import { breakPiecesByKind } from '../../src/text/breakPoints';
import rehypeTables, { breakCode } from '../rehypeTables';

const mdx = async (source: string) =>
  String(await compile(source, { remarkPlugins: [remarkGfm], rehypePlugins: [rehypeTables] }));

describe('rehypeTables', () => {
  it('labels each body cell of a table of three or more columns with its header, and marks the table', async () => {
    const out = await mdx('| Option | Type | Meaning |\n| --- | --- | --- |\n| `url` | `string` | Where **to** send calls. |\n');
    expect(out).toMatch(/"data-stack": ""/);
    expect(out).toMatch(/role: "table"/);
    expect(out).toMatch(/"data-label": "Option"/);
    expect(out).toMatch(/role: "cell"/);
    expect(out).toMatch(/"data-label": "Type"/);
    expect(out).toMatch(/"data-label": "Meaning"/);
    expect(out).toMatch(/role: "columnheader"/);
  });

  it('uses the header text without its markup', async () => {
    const out = await mdx('| `opts` | Type **name** | Meaning |\n| --- | --- | --- |\n| a | b | c |\n');
    expect(out).toMatch(/"data-label": "opts"/);
    expect(out).toMatch(/"data-label": "Type name"/);
  });

  it('stacks a comparison table whose first header is empty (its first cells are the titles)', async () => {
    const out = await mdx('| | App router | Pages router |\n| --- | --- | --- |\n| Setup | a | b |\n');
    expect(out).toMatch(/"data-stack": ""/);
    expect(out).toMatch(/"data-label": "App router"/);
    expect(out).toMatch(/"data-label": "Pages router"/);
  });

  it('leaves two-column tables and tables with an empty header after the first alone', async () => {
    for (const source of ['| Name | Meaning |\n| --- | --- |\n| a | b |\n', '| Name | | Meaning |\n| --- | --- | --- |\n| a | b | c |\n']) {
      const out = await mdx(source);
      expect(out, source).not.toMatch(/data-label|data-stack|role:/);
    }
  });

  it('lets inline code in cells wrap at path separators, punctuation and camelCase humps', async () => {
    expect(breakCode('@trpc/server/adapters/standalone')).toEqual(['@trpc/', 'server/', 'adapters/', 'standalone']);
    expect(breakCode('createHTTPServer')).toEqual(['create', 'HTTP', 'Server']);
    expect(breakCode('awsLambdaRequestHandler')).toEqual(['aws', 'Lambda', 'Request', 'Handler']);
    expect(breakCode('(opts: Options) => void')).toEqual(['(', 'opts: Options) => void']);
    expect(breakCode('true')).toEqual(['true']);
    // A prefix such as `experimental_` is its own piece: `experimental_standaloneMiddleware` no longer
    // needs the width of `experimental_standalone` (it widened two tables past a phone's width).
    expect(breakCode('experimental_standaloneMiddleware')).toEqual(['experimental_', 'standalone', 'Middleware']);
    expect(breakCode('__dirname')).toEqual(['__dirname']);
    const out = await mdx('| Name | Meaning |\n| --- | --- |\n| `@trpc/server/http` | `x` and @trpc/server/http in prose |\n');
    expect(out).toMatch(/"@trpc\/", _jsx\(_components\.wbr, \{\}\), "server\/", _jsx\(_components\.wbr, \{\}\), "http"/);
    expect(out).toMatch(/@trpc\/server\/http in prose/);
    // Marked, so the theme renders it as inline code rather than a code block.
    expect(out).toMatch(/"data-wrap": ""/);
  });

  it('marks the breaks inside camelCase names in a sentence cell as humps, which wide screens hide; separator breaks and code-only cells stay plain', async () => {
    expect(breakPiecesByKind('@trpc/server/adapters/awsLambda')).toEqual([
      { text: '@trpc/', hump: false },
      { text: 'server/', hump: false },
      { text: 'adapters/', hump: false },
      { text: 'aws', hump: false },
      { text: 'Lambda', hump: true },
    ]);
    expect(breakPiecesByKind('experimental_createTRPCNext').map((p) => p.text)).toEqual(breakCode('experimental_createTRPCNext'));
    const out = await mdx('| Import | Use |\n| --- | --- |\n| `@trpc/server` | Mount it (`createExpressMiddleware`). |\n');
    expect(out).toMatch(/"create", _jsx\(_components\.wbr, \{\s*className: "hump"\s*\}\), "Express", _jsx\(_components\.wbr, \{\s*className: "hump"\s*\}\), "Middleware"/);
    // A cell of code alone is a narrow type column's: its humps stay plain breaks on every screen.
    const typeCell = await mdx('| Option | Type |\n| --- | --- |\n| `a` | `createExpressMiddleware` \\| `undefined` |\n');
    expect(typeCell).toMatch(/"create", _jsx\(_components\.wbr, \{\}\), "Express"/);
    expect(typeCell).not.toMatch(/hump/);
    // Nor does a sentence cell of a table with more than three columns: its columns are narrow.
    const wide = await mdx('| A | B | C | D |\n| --- | --- | --- | --- |\n| a | Uses `createExpressMiddleware` here. | c | d |\n');
    expect(wide).toMatch(/"create", _jsx\(_components\.wbr, \{\}\), "Express"/);
    expect(wide).not.toMatch(/hump/);
  });

  it('keeps names shorter than 14 characters whole in tables (opts.cause? broke after the dot beside a long union)', async () => {
    const out = await mdx('| Parameter | Type |\n| --- | --- |\n| `opts.cause?` | `unknown` |\n| `opts.code` | `"PARSE_ERROR" \\| "BAD_REQUEST"` |\n');
    expect(out).toMatch(/children: "opts\.cause\?"/);
    expect(out).toMatch(/children: "opts\.code"/);
    // Words of code separated by spaces break there; only a long one gets break points of its own.
    expect(out).not.toMatch(/"PARSE_", _jsx/);
    const long = await mdx('| Parameter | Type |\n| --- | --- |\n| `opts.experimental_streamHeader` | `boolean` |\n');
    expect(long).toMatch(/"opts\.", _jsx\(_components\.wbr, \{\}\), "experimental_"/);
  });

  it('lets a long name in a heading break at its humps, and leaves ordinary words alone', async () => {
    const out = await mdx('# Class: TRPCUntypedClient uses `InferrableClientTypes`\n\n## Defining procedures\n');
    expect(out).toMatch(/"Class: TRPC", _jsx\(_components\.wbr, \{\}\), "Untyped", _jsx\(_components\.wbr, \{\}\), "Client uses "/);
    expect(out).toMatch(/"Inferrable", _jsx\(_components\.wbr, \{\}\), "Client", _jsx\(_components\.wbr, \{\}\), "Types"/);
    expect(out).toMatch(/"data-wrap": ""/);
    // Words shorter than a phone's line are not touched, nor is text outside headings.
    expect(out).toMatch(/children: "Defining procedures"/);
    const para = await mdx('A paragraph about TRPCUntypedClient.\n');
    expect(para).not.toMatch(/wbr/);
  });
});
