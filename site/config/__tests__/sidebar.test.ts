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

describe('API reference tree', () => {
  it('makes one category per package, server first, with one entry per import path, classes under their module', async () => {
    const { apiReferenceTree } = await import('../sidebarItemsGenerator');
    const d = (id: string) => ({ type: 'doc', id });
    const cat = (label: string, items: unknown[], link?: string) => ({ type: 'category', label, items, ...(link ? { link: { type: 'doc', id: link } } : {}) });
    const generated = [
      d('introduction'),
      cat('API Reference', [
        cat('client', [d('typedoc/client/links/httpLink/index'), d('typedoc/client/index/index')], 'typedoc/client/index'),
        cat('server', [
          cat('adapters', [d('typedoc/server/adapters/express/index'), d('typedoc/server/adapters/fetch/index')]),
          d('typedoc/server/http/index'),
          cat('index', [cat('classes', [d('typedoc/server/index/classes/TRPCError')])], 'typedoc/server/index/index'),
          cat('rpc', [cat('namespaces', [d('typedoc/server/rpc/namespaces/JSONRPC2/index')])], 'typedoc/server/rpc/index'),
        ], 'typedoc/server/index'),
      ]),
    ];
    const [intro, reference] = apiReferenceTree(generated as never) as never as [unknown, { label: string; items: unknown[] }];
    expect(intro).toEqual(d('introduction'));
    expect(reference.label).toBe('API Reference');
    const outline = (items: unknown[]): unknown[] =>
      (items as { type: string; label?: string; id?: string; link?: { id: string }; items?: unknown[] }[]).map((i) =>
        i.type === 'category' ? { [`${i.label} -> ${i.link?.id}`]: outline(i.items!) } : `${i.label} -> ${i.id}`,
      );
    expect(outline(reference.items)).toEqual([
      {
        '@trpc/server -> typedoc/server/index': [
          { 'Main entry -> typedoc/server/index/index': ['TRPCError -> typedoc/server/index/classes/TRPCError'] },
          'adapters/express -> typedoc/server/adapters/express/index',
          'adapters/fetch -> typedoc/server/adapters/fetch/index',
          'http -> typedoc/server/http/index',
          { 'rpc -> typedoc/server/rpc/index': ['JSONRPC2 -> typedoc/server/rpc/namespaces/JSONRPC2/index'] },
        ],
      },
      {
        '@trpc/client -> typedoc/client/index': ['Main entry -> typedoc/client/index/index', 'links/httpLink -> typedoc/client/links/httpLink/index'],
      },
    ]);
  });
});
