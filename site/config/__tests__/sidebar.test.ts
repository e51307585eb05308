import { describe, expect, it } from 'vitest';
import remarkHiddenCode, { hasFlag } from '../remarkHiddenCode';
import { withoutUnlisted } from '../sidebarItemsGenerator';

describe('sidebar generator', () => {
  it('drops the landing-intro steps and their emptied category, keeps the rest', () => {
    const items = withoutUnlisted([
      { type: 'doc', id: 'introduction' },
      { type: 'category', label: 'landing-intro', items: [{ type: 'doc', id: 'landing-intro/Step1' }] },
      {
        type: 'category',
        label: 'Backend',
        link: { type: 'doc', id: 'server/introduction' },
        items: [{ type: 'doc', id: 'server/routers' }],
      },
    ] as never);
    expect(items).toEqual([
      { type: 'doc', id: 'introduction' },
      {
        type: 'category',
        label: 'Backend',
        link: { type: 'doc', id: 'server/introduction' },
        items: [{ type: 'doc', id: 'server/routers' }],
      },
    ]);
  });
});

describe('remarkHiddenCode', () => {
  it('removes only code blocks flagged hidden, at any depth', () => {
    const tree = {
      type: 'root',
      children: [
        { type: 'code', meta: 'title="db.ts" hidden' },
        { type: 'code', meta: 'title="hidden-things.ts"' },
        { type: 'list', children: [{ type: 'code', meta: 'hidden' }, { type: 'paragraph' }] },
      ],
    };
    remarkHiddenCode()(tree);
    expect(tree.children).toEqual([
      { type: 'code', meta: 'title="hidden-things.ts"' },
      { type: 'list', children: [{ type: 'paragraph' }] },
    ]);
    expect(hasFlag('nocheck="x"', 'nocheck')).toBe(true);
    expect(hasFlag(null, 'hidden')).toBe(false);
  });
});
