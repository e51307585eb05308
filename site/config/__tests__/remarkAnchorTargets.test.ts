import { compile } from '@mdx-js/mdx';
import { describe, expect, it } from 'vitest';
import remarkAnchorTargets from '../remarkAnchorTargets';

const mdx = async (source: string) => String(await compile(source, { remarkPlugins: [remarkAnchorTargets] }));

describe('remarkAnchorTargets', () => {
  it('turns an empty <a id> into an AnchorTarget, in text and in table cells', async () => {
    const out = await mdx('| Property | Type |\n| --- | --- |\n| <a id="property-trpc"></a> `trpc?` | `object` |\n');
    expect(out).toMatch(/_jsx\(AnchorTarget, \{\s*id: "property-trpc"\s*\}\)/);
    expect(out).toMatch(/AnchorTarget/);
    expect(await mdx('See <a id="here"></a> this.\n')).toMatch(/AnchorTarget, \{\s*id: "here"/);
  });

  it('leaves real links and anchors with content or other attributes alone', async () => {
    for (const source of ['<a href="/docs">Docs</a>\n', '<a id="x">label</a>\n', '<a id="x" className="y"></a>\n', '<a id=""></a>\n']) {
      expect(await mdx(source), source).not.toMatch(/AnchorTarget/);
    }
  });
});
