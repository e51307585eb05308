import { describe, expect, it } from 'vitest';
import remarkHiddenCode, { hasFlag } from '../remarkHiddenCode';
import { withKindLabels, withPathKeys, withoutUnlisted } from '../sidebarItemsGenerator';

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

describe('category keys', () => {
  it('makes repeated labels unique by their path', () => {
    const cat = (label: string, items: unknown[] = []) => ({ type: 'category', label, items });
    const items = withPathKeys([cat('server', [cat('interfaces')]), cat('client', [cat('interfaces')])] as never);
    const keys = (items as { key: string; items: { key: string }[] }[]).flatMap((c) => [c.key, ...c.items.map((i) => i.key)]);
    expect(keys).toEqual(['server', 'server/interfaces', 'client', 'client/interfaces']);
  });
});

describe('kind labels', () => {
  it('names the reference generator\'s kind folders properly, at any depth, and leaves other labels alone', () => {
    const cat = (label: string, items: unknown[] = []) => ({ type: 'category', label, items });
    const items = withKindLabels([cat('@trpc/client', [cat('classes'), cat('type-aliases'), cat('links')]), cat('Client Usage')] as never);
    const labels = (items as { label: string; items: { label: string }[] }[]).flatMap((c) => [c.label, ...c.items.map((i) => i.label)]);
    expect(labels).toEqual(['@trpc/client', 'Classes', 'Type aliases', 'links', 'Client Usage']);
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
