import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EQUIVALENT_DOCS, equivalentDocId, type VersionName } from '../../src/versions/equivalentDocs';

const SITE = join(__dirname, '..', '..');
const FOLDERS: Record<VersionName, string> = {
  current: join(SITE, 'docs'),
  '10.x': join(SITE, 'versioned_docs', 'version-10.x'),
  '9.x': join(SITE, 'versioned_docs', 'version-9.x'),
};

/** The doc ids of one version, as Docusaurus derives them: the file path, or its folder plus a front matter `id`. */
function docIds(root: string): Set<string> {
  const ids = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'typedoc') walk(path);
        continue;
      }
      if (!/\.mdx?$/.test(entry.name)) continue;
      const rel = relative(root, path).replace(/\.mdx?$/, '');
      const frontMatter = /^---\n([\s\S]*?)\n---/.exec(readFileSync(path, 'utf8'))?.[1] ?? '';
      const id = /^id:\s*(\S+)\s*$/m.exec(frontMatter)?.[1];
      ids.add(id ? rel.replace(/[^/]+$/, id) : rel);
    }
  };
  walk(root);
  return ids;
}

const IDS = Object.fromEntries(
  Object.entries(FOLDERS).map(([version, folder]) => [version, docIds(folder)]),
) as Record<VersionName, Set<string>>;

describe('equivalent docs across versions', () => {
  it('names only docs that exist in their version', () => {
    const missing = EQUIVALENT_DOCS.flatMap((entry) =>
      Object.entries(entry)
        .filter(([version, id]) => !IDS[version as VersionName].has(id!))
        .map(([version, id]) => `${version}: ${id}`),
    );
    expect(missing).toEqual([]);
  });

  it('sends the 11.x routers page to the 9.x router page and back', () => {
    expect(equivalentDocId('current', 'server/routers', '9.x')).toBe('router');
    expect(equivalentDocId('9.x', 'router', 'current')).toBe('server/routers');
    expect(equivalentDocId('9.x', 'router', '10.x')).toBe('server/routers');
  });

  it('maps the pages of 9.x, which has no folders, into the folders of 10.x and 11.x', () => {
    expect(equivalentDocId('current', 'community/awesome-trpc', '9.x')).toBe('awesome-trpc');
    expect(equivalentDocId('10.x', 'server/adapters/aws-lambda', '9.x')).toBe('aws-lambda');
    expect(equivalentDocId('9.x', 'fastify', '10.x')).toBe('server/adapters/fastify');
    expect(equivalentDocId('9.x', 'header', 'current')).toBe('client/headers');
    expect(equivalentDocId('current', 'client/nextjs/server-side-helpers', '9.x')).toBe('ssg-helpers');
  });

  it('goes back from a page that several pages map to through the first entry', () => {
    expect(equivalentDocId('current', 'server/websockets', '10.x')).toBe('subscriptions');
    expect(equivalentDocId('10.x', 'subscriptions', 'current')).toBe('server/subscriptions');
    expect(equivalentDocId('9.x', 'vanilla', 'current')).toBe('client/overview');
  });

  it('skips an entry that lacks the target version and keeps looking', () => {
    const map = [
      { current: 'a', '10.x': 'b' },
      { current: 'a', '9.x': 'c' },
    ];
    expect(equivalentDocId('current', 'a', '9.x', map)).toBe('c');
    expect(equivalentDocId('current', 'a', '10.x', map)).toBe('b');
  });

  it('knows nothing of pages without an equivalent', () => {
    expect(equivalentDocId('current', 'videos-and-community-resources', '9.x')).toBeUndefined();
    expect(equivalentDocId('current', 'no/such/page', '10.x')).toBeUndefined();
  });

  it('has one entry per page of a version, except the deliberate many-to-one targets', () => {
    // A page that appears in two entries is ambiguous on the way back. Only these may repeat.
    const allowed = new Set(['10.x:subscriptions', '9.x:subscriptions', '9.x:router', '9.x:vanilla', '9.x:infer-types', '9.x:react', '9.x:nextjs', '9.x:quickstart']);
    const seen = new Map<string, number>();
    for (const entry of EQUIVALENT_DOCS) {
      for (const [version, id] of Object.entries(entry)) {
        const key = `${version}:${id}`;
        seen.set(key, (seen.get(key) ?? 0) + 1);
      }
    }
    const repeated = [...seen].filter(([key, count]) => count > 1 && !allowed.has(key)).map(([key]) => key);
    expect(repeated).toEqual([]);
  });
});
