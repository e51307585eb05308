import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { llmsTxt, preprocess, toMarkdown, urlResolver } from '../markdownExport';
import { markdownUrl } from '../../src/components/CopyPage/markdownUrl';

const page = `---
title: Routers
description: >-
  Group procedures
  into routers.
sidebar_position: 3
---

import Tabs from '@theme/Tabs';
import TabItem from '@theme/TabItem';

A router groups procedures. See [context](../server/context.md#inner) and [the blog](/blog).

\`\`\`ts title="server/trpc.ts" hidden
export const secret = 1;
\`\`\`

\`\`\`ts title="server/router.ts" trpc=10 {2}
import { initTRPC } from '@trpc/server';
const t = initTRPC.create();
\`\`\`

\`\`\`bash npm2yarn
npm install @trpc/server
\`\`\`

:::warning Keep it small
One router per feature.
:::

:::tip
Merge them later.
:::

## Nested {#nested-routers}

<Tabs groupId="pm">
  <TabItem value="a" label="First">

Alpha text.

  </TabItem>
</Tabs>

{/* truncate */}

| Name | Meaning |
|---|---|
| \`router\` | makes a router |

Time is 10:30 and the ratio is 3:2.
`;

const permalinks = new Map([[path.resolve('/site/docs/server/context.md'), '/docs/server/context']]);
const resolveUrl = urlResolver({
  siteUrl: 'https://trpc.example',
  permalink: '/docs/server/routers',
  sourcePath: path.resolve('/site/docs/server/routers.md'),
  permalinks,
});

describe('toMarkdown', () => {
  it('turns a doc page into plain Markdown a tool can read', async () => {
    const md = await toMarkdown(page, { title: 'Routers', resolveUrl });
    expect(md.startsWith('# Routers\n\n> Group procedures into routers.\n')).toBe(true);
    // Front matter and MDX imports and comments are gone.
    expect(md).not.toMatch(/sidebar_position|import Tabs|truncate|\{\/\*/);
    // Hidden setup is dropped; visible code is kept as written, with only its file title.
    expect(md).not.toContain('secret');
    expect(md).toContain("```ts title=\"server/router.ts\"\nimport { initTRPC } from '@trpc/server';\nconst t = initTRPC.create();\n```");
    expect(md).toContain('```bash\nnpm install @trpc/server\n```');
    // Links are absolute: to the target page of a source link, to the site for site paths.
    expect(md).toContain('[context](https://trpc.example/docs/server/context#inner)');
    expect(md).toContain('[the blog](https://trpc.example/blog)');
    // Admonitions become quotes that keep their kind and title.
    expect(md).toContain('> **Warning: Keep it small**\n>\n> One router per feature.');
    expect(md).toContain('> **Tip:** Merge them later.');
    // Explicit heading ids go; components give way to their content, a tab keeps its label.
    expect(md).toContain('## Nested\n');
    expect(md).toContain('**First**\n\nAlpha text.');
    expect(md).not.toMatch(/<\/?Tab/);
    // Tables stay tables; colons in prose stay prose.
    expect(md).toMatch(/\| Name +\| Meaning +\|/);
    expect(md).toContain('Time is 10:30 and the ratio is 3:2.');
  });

  it('drops the type markers and the setup above a cut from TypeScript blocks, as the page shows them', async () => {
    const source = [
      '```ts title="client.ts"',
      "const setup = 'hidden';",
      '// ---cut---',
      "const book = { id: 'b1' };",
      '//    ^?',
      'const n: number = book.id;',
      '// @errors: 2322',
      '```',
      '',
      '```bash',
      'echo // ^? stays in other languages',
      '```',
      '',
    ].join('\n');
    const md = await toMarkdown(source, { title: 'Types' });
    expect(md).toContain("```ts title=\"client.ts\"\nconst book = { id: 'b1' };\nconst n: number = book.id;\n```");
    expect(md).not.toMatch(/setup|---cut---|@errors|\/\/ {4}\^\?/);
    expect(md).toContain('echo // ^? stays in other languages');
  });

  it('keeps a page that starts with its own H1, and adds a source line when asked', async () => {
    const md = await toMarkdown('# Module: x\n\nText.\n', { title: 'x', sourceUrl: 'https://trpc.example/docs/x' });
    expect(md).toBe('# Module: x\n\nSource: <https://trpc.example/docs/x>\n\nText.\n');
  });
});

describe('preprocess', () => {
  it('leaves code fences alone', () => {
    const source = '```md\n## Title {#id}\n:::tip Hello\n```\n## Title {#id}\n:::tip Hello\n';
    expect(preprocess(source)).toBe('```md\n## Title {#id}\n:::tip Hello\n```\n## Title\n:::tip[Hello]\n');
  });
});

describe('urlResolver', () => {
  it('leaves external links and anchors alone and resolves the rest against the page', () => {
    expect(resolveUrl('https://github.com/trpc/trpc')).toBe('https://github.com/trpc/trpc');
    expect(resolveUrl('#nested')).toBe('#nested');
    expect(resolveUrl('/img/logo.svg')).toBe('https://trpc.example/img/logo.svg');
    expect(resolveUrl('./missing.md')).toBe('https://trpc.example/docs/server/missing.md');
  });
});

describe('markdownUrl', () => {
  it('is the page URL plus .md', () => {
    expect(markdownUrl('/docs/quickstart')).toBe('/docs/quickstart.md');
    expect(markdownUrl('/docs/')).toBe('/docs.md');
    expect(markdownUrl('/docs/v10/')).toBe('/docs/v10.md');
    expect(markdownUrl('/')).toBe('/index.md');
  });
});

describe('llmsTxt', () => {
  it('writes the llmstxt.org shape: title, summary, details, one list per section', () => {
    const out = llmsTxt({
      title: 'tRPC',
      summary: 'End-to-end\ntypesafe APIs.',
      details: 'Every page is Markdown at its URL plus .md.',
      sections: [
        { heading: '11.x docs', entries: [{ title: 'Quickstart [new]', url: 'https://x/docs/quickstart.md', description: 'Build a\nserver.' }] },
        { heading: 'Empty', entries: [] },
        { heading: 'Blog', entries: [{ title: 'Post', url: 'https://x/blog/post' }] },
      ],
    });
    expect(out).toBe(
      '# tRPC\n\n> End-to-end typesafe APIs.\n\nEvery page is Markdown at its URL plus .md.\n\n' +
        '## 11.x docs\n\n- [Quickstart \\[new\\]](https://x/docs/quickstart.md): Build a server.\n\n' +
        '## Blog\n\n- [Post](https://x/blog/post)\n',
    );
  });
});
