import type { PluginOptions } from '@docusaurus/plugin-content-docs';

type SidebarItemsGeneratorOption = PluginOptions['sidebarItemsGenerator'];

type Item = Awaited<ReturnType<SidebarItemsGeneratorOption>>[number];

/** Docs that have a route but no sidebar entry: the landing page's three intro steps. */
export function isUnlisted(docId: string): boolean {
  return docId === 'landing-intro' || docId.startsWith('landing-intro/');
}

export function withoutUnlisted(items: Item[]): Item[] {
  return items.flatMap((item): Item[] => {
    if (item.type === 'doc' && isUnlisted(item.id)) return [];
    if (item.type === 'category') {
      const children = withoutUnlisted(item.items);
      if (children.length === 0 && !item.link) return [];
      return [{ ...item, items: children }];
    }
    return [item];
  });
}

/**
 * Gives every category a key from its path of labels. The generated API reference repeats labels such
 * as "interfaces" in many places, and Docusaurus needs one translation key per category.
 */
export function withPathKeys(items: Item[], prefix = ''): Item[] {
  return items.map((item) => {
    if (item.type !== 'category') return item;
    const key = item.key ?? `${prefix}${item.label}`;
    return { ...item, key, items: withPathKeys(item.items, `${key}/`) };
  });
}

/** Labels for the folders the API reference generator names after symbol kinds. */
const KIND_LABELS: Record<string, string> = {
  classes: 'Classes',
  interfaces: 'Interfaces',
  namespaces: 'Namespaces',
  functions: 'Functions',
  variables: 'Variables',
  'type-aliases': 'Type aliases',
};

/** Categories named after a kind folder ("classes") get a proper label ("Classes"). */
export function withKindLabels(items: Item[]): Item[] {
  return items.map((item) => {
    if (item.type !== 'category') return item;
    return { ...item, label: KIND_LABELS[item.label] ?? item.label, items: withKindLabels(item.items) };
  });
}

/** Every doc id an item holds: its docs and its categories' link docs. */
function docIds(item: Item): string[] {
  if (item.type === 'doc') return [item.id];
  if (item.type === 'category') {
    const link = item.link?.type === 'doc' ? [item.link.id] : [];
    return [...link, ...item.items.flatMap(docIds)];
  }
  return [];
}

const doc = (id: string, label: string): Item => ({ type: 'doc', id, label }) as Item;

/**
 * The API reference as a tree by import path. The folders the generator writes (`adapters/`,
 * `index/`, `classes/`) made a sidebar that mixed folders with import paths and showed the package's
 * main module as `index` inside the package. Instead: one category per package (`@trpc/server`,
 * linking its overview page), holding one entry per import path ("Main entry" for the package
 * itself, then `adapters/express`, `http`, …); a module's classes, interfaces and namespaces sit
 * under it.
 */
/** Packages in the order a reader meets them: the server first, then the clients. */
const PACKAGE_ORDER = ['server', 'client', 'react-query', 'next'];

export function apiReferenceTree(items: Item[]): Item[] {
  return items.map((item) => {
    if (item.type !== 'category') return item;
    const ids = docIds(item);
    const rank = (pkg: string) => (PACKAGE_ORDER.indexOf(pkg) + 1 || PACKAGE_ORDER.length + 1);
    const packages = ([...new Set(ids.map((id) => id.match(/^typedoc\/([^/]+)\//)?.[1]).filter(Boolean))] as string[]).sort(
      (a, b) => rank(a) - rank(b) || a.localeCompare(b),
    );
    const isReference = ids.length > 0 && ids.every((id) => id.startsWith('typedoc/'));
    if (!isReference || packages.length === 0) return { ...item, items: apiReferenceTree(item.items) };
    return {
      ...item,
      items: packages.map((pkg): Item => {
        const prefix = `typedoc/${pkg}/`;
        const own = ids.filter((id) => id.startsWith(prefix)).map((id) => id.slice(prefix.length));
        const isChild = (rel: string) => /\/(classes|interfaces|namespaces)\//.test(rel);
        const modules = own
          .filter((rel) => rel.endsWith('/index') && !isChild(rel))
          .map((rel) => rel.slice(0, -'/index'.length))
          .sort((a, b) => (a === 'index' ? -1 : b === 'index' ? 1 : a.localeCompare(b)));
        const moduleItems = modules.map((sub): Item => {
          const label = sub === 'index' ? 'Main entry' : sub;
          const children = own
            .filter((rel) => isChild(rel) && rel.startsWith(`${sub}/`))
            .sort()
            .map((rel) => doc(prefix + rel, rel.replace(/\/index$/, '').split('/').at(-1)!));
          if (children.length === 0) return doc(`${prefix}${sub}/index`, label);
          return {
            type: 'category',
            label,
            link: { type: 'doc', id: `${prefix}${sub}/index` },
            collapsible: true,
            collapsed: true,
            items: children,
          } as Item;
        });
        const overview = own.includes('index') ? { link: { type: 'doc', id: `${prefix}index` } } : {};
        return { type: 'category', label: `@trpc/${pkg}`, ...overview, collapsible: true, collapsed: true, items: moduleItems } as Item;
      }),
    };
  });
}

/** The default autogenerated sidebar, minus the unlisted docs, with readable kind labels and unique keys. */
export const sidebarItemsGenerator: SidebarItemsGeneratorOption = async ({
  defaultSidebarItemsGenerator,
  ...args
}) => withPathKeys(withKindLabels(apiReferenceTree(withoutUnlisted(await defaultSidebarItemsGenerator(args)))));
