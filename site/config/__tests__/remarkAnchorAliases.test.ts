import { compile } from '@mdx-js/mdx';
import { describe, expect, it } from 'vitest';
import path from 'node:path';
import { addAnchorAliases, missingAliasPages } from '../remarkAnchorAliases';

/** A tree with headings whose ids are set, as Docusaurus's heading plugin leaves them. */
const heading = (id: string, text: string) => ({ type: 'heading', depth: 2, data: { id, hProperties: { id } }, children: [{ type: 'text', value: text }] });
const tree = () => ({
  type: 'root',
  children: [heading('query-keys', 'Query keys'), { type: 'paragraph', children: [{ type: 'text', value: 'x' }] }, heading('pitfalls', 'Pitfalls')],
});

describe('remarkAnchorAliases', () => {
  it('puts an anchor target with each alias right before the heading it names', () => {
    const t = tree();
    addAnchorAliases(t, { queryKey: 'query-keys', queryFilter: 'query-keys' }, 'usage.md');
    expect(t.children.map((c) => (c.type === 'mdxJsxFlowElement' ? `target#${(c as unknown as { attributes: { value: string }[] }).attributes[0]!.value}` : c.type))).toEqual([
      'target#queryKey',
      'target#queryFilter',
      'heading',
      'paragraph',
      'heading',
    ]);
  });

  it('stops the build when the heading is missing or the alias is already an id of the page', () => {
    expect(() => addAnchorAliases(tree(), { queryKey: 'query-key' }, 'usage.md')).toThrow(/usage\.md: no heading #query-key for the anchor alias #queryKey/);
    expect(() => addAnchorAliases(tree(), { pitfalls: 'query-keys' }, 'usage.md')).toThrow(/#pitfalls is already a heading/);
  });

  it('renders as an empty element with the id, before the heading, in compiled MDX', async () => {
    const out = String(
      await compile('## Query keys\n\ntext\n', {
        remarkPlugins: [
          () => (t: { children: { type: string; data?: object }[] }) => {
            t.children[0]!.data = { id: 'query-keys', hProperties: { id: 'query-keys' } };
          },
          () => (t: Parameters<typeof addAnchorAliases>[0]) => addAnchorAliases(t, { queryKey: 'query-keys' }, 'x.md'),
        ],
      }),
    );
    expect(out).toMatch(/_jsx\(AnchorTarget, \{\s*id: "queryKey"\s*\}\)[\s\S]*_jsx\(_components\.h2/);
  });

  it("names the table's pages that are not files of the site (every page of the real table exists)", () => {
    const siteDir = path.resolve(__dirname, '../..');
    expect(missingAliasPages(siteDir)).toEqual([]);
    expect(missingAliasPages(siteDir, { 'docs/quickstart.md': {}, 'docs/moved-away.md': {} })).toEqual(['docs/moved-away.md']);
  });
});
