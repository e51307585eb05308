import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { compile } from '@mdx-js/mdx';
import remarkGfm from 'remark-gfm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import remarkLocalDocLinks, { localLink, readDocs } from '../remarkLocalDocLinks';

let dir: string;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'local-links-'));
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  };
  write('quickstart.md', '---\ntitle: Quickstart\n---\n\n## Install the packages\n');
  write('server/routers.md', '---\ntitle: Routers\n---\n\n## Create a router {#initialize-trpc}\n\n## Merge routers\n');
  write('client/react/getQueryKey.md', '# getQueryKey\n\n## Mutations\n');
  write('client/nextjs/introduction.md', '---\ntitle: Next.js\nslug: /client/nextjs\n---\n');
  write('typedoc/server/index.md', '# @trpc/server\n');
});

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('localLink', () => {
  it('maps upstream docs URLs, versioned or not, to this site', () => {
    const docs = readDocs(dir);
    expect(localLink('https://trpc.io/docs/v11/quickstart', docs)).toEqual({ url: '/docs/quickstart', title: 'Quickstart' });
    expect(localLink('http://trpc.io/docs/server/routers', docs)?.url).toBe('/docs/server/routers');
    expect(localLink('https://trpc.io/docs/client/nextjs/', docs)).toEqual({ url: '/docs/client/nextjs', title: 'Next.js' });
  });

  it('keeps an anchor only when the page has it', () => {
    const docs = readDocs(dir);
    expect(localLink('https://trpc.io/docs/v11/server/routers#initialize-trpc', docs)?.url).toBe('/docs/server/routers#initialize-trpc');
    expect(localLink('https://trpc.io/docs/v11/server/routers#merge-routers', docs)?.url).toBe('/docs/server/routers#merge-routers');
    expect(localLink('https://trpc.io/docs/v11/server/routers#gone', docs)?.url).toBe('/docs/server/routers');
  });

  it('finds a moved page by a last segment only one page has, and leaves the rest alone', () => {
    const docs = readDocs(dir);
    expect(localLink('https://trpc.io/docs/v11/getQueryKey#mutations', docs)?.url).toBe('/docs/client/react/getQueryKey#mutations');
    expect(localLink('https://trpc.io/docs/links/localLink', docs)).toBeUndefined();
    expect(localLink('https://trpc.io/docs/v10/quickstart', docs)).toBeUndefined();
    expect(localLink('https://example.com/docs/quickstart', docs)).toBeUndefined();
    // The generated reference is not a target.
    expect(docs.some((d) => d.route.startsWith('typedoc'))).toBe(false);
  });
});

describe('remarkLocalDocLinks', () => {
  it('rewrites links, and a bare URL becomes the page title', async () => {
    const out = String(
      await compile('See https://trpc.io/docs/v11/quickstart and [routers](https://trpc.io/docs/server/routers) and https://trpc.io/docs/links/localLink.\n', {
        remarkPlugins: [remarkGfm, [remarkLocalDocLinks, { docsDir: dir }]],
      }),
    );
    expect(out).toMatch(/href: "\/docs\/quickstart",\s*children: "Quickstart"/);
    expect(out).toMatch(/href: "\/docs\/server\/routers",\s*children: "routers"/);
    expect(out).toMatch(/href: "https:\/\/trpc.io\/docs\/links\/localLink"/);
  });
});
