// Docusaurus's own template compiler, as the build calls it.
import { compileSSGTemplate } from '@docusaurus/core/lib/ssg/ssgTemplate.js';
import { describe, expect, it } from 'vitest';
import routeChunksPlugin, {
  aliasRegistryChunks,
  parseRegistry,
  PAINT_FIRST_LOADER,
  routeChunksTemplate,
  writesClientManifest,
} from '../routeChunksPlugin';

// The shape Docusaurus 3.10 generates in .docusaurus/registry.js.
const registry = `export default {
  "17896441": [() => import(/* webpackChunkName: "17896441" */ "@theme/DocItem"), "@theme/DocItem", require.resolveWeak("@theme/DocItem")],
  "90c6d956": [() => import(/* webpackChunkName: "90c6d956" */ "@site/docs/client/links/httpLink.md"), "@site/docs/client/links/httpLink.md", require.resolveWeak("@site/docs/client/links/httpLink.md")],
  "5e95c892": [() => import(/* webpackChunkName: "5e95c892" */ "@theme/DocsRoot"), "@theme/DocsRoot", require.resolveWeak("@theme/DocsRoot")],};
`;

describe('parseRegistry', () => {
  it('reads each entry as its chunk name and module path', () => {
    expect(parseRegistry(registry)).toEqual([
      ['17896441', '@theme/DocItem'],
      ['90c6d956', '@site/docs/client/links/httpLink.md'],
      ['5e95c892', '@theme/DocsRoot'],
    ]);
  });

  it('finds nothing in text of another shape (the plugin then stops the build)', () => {
    expect(parseRegistry('export default { "a": [() => import("x"), "x"] };')).toEqual([]);
  });
});

describe('aliasRegistryChunks', () => {
  it('names each chunk also by the module path that page rendering reports', () => {
    const manifest = { origins: { '17896441': ['495', '1682', '6072'], '90c6d956': ['266'], main: ['1889'] } as Record<string, Array<string | number>> };
    expect(aliasRegistryChunks(manifest, registry)).toBe(2);
    expect(manifest.origins['@theme/DocItem']).toEqual(['495', '1682', '6072']);
    expect(manifest.origins['@site/docs/client/links/httpLink.md']).toEqual(['266']);
    // A registry entry without a chunk in the manifest gets no name; existing names are kept.
    expect(manifest.origins['@theme/DocsRoot']).toBeUndefined();
    expect(manifest.origins.main).toEqual(['1889']);
  });
});

describe('routeChunksTemplate', () => {
  const render = async (scripts: string[]) =>
    (await compileSSGTemplate(routeChunksTemplate))({
      htmlAttributes: '',
      bodyAttributes: '',
      version: '3.10.2',
      metaAttributes: [],
      headTags: '',
      stylesheets: ['assets/css/styles.1.css'],
      scripts,
      baseUrl: '/',
      preBodyTags: '',
      appHtml: '<p>page</p>',
      postBodyTags: '',
      noIndex: false,
    });

  const preloads = (html: string) =>
    [...html.matchAll(/<link rel="preload" as="script" fetchpriority="low" href="([^"]+)" data-load="(defer|async)" \/>/g)].map(
      (m) => `${m[2]} ${m[1]}`,
    );

  it('preloads every script in the head, the runtime and main.js as the ordered entry, the route chunks async', async () => {
    const html = await render(['assets/js/runtime~main.ab12.js', 'assets/js/main.cd34.js', 'assets/js/17896441.ef56.js', 'assets/js/495.0a1b.js']);
    const head = html.slice(0, html.indexOf('</head>'));
    expect(preloads(head)).toEqual([
      'defer /assets/js/runtime~main.ab12.js',
      'defer /assets/js/main.cd34.js',
      'async /assets/js/17896441.ef56.js',
      'async /assets/js/495.0a1b.js',
    ]);
    // No script element runs before the loader, which comes after the page's content.
    expect(html).not.toMatch(/<script src=/);
    expect(html).toContain('<div id="__docusaurus"><p>page</p></div>');
    expect(html.indexOf(`<script>${PAINT_FIRST_LOADER}</script>`)).toBeGreaterThan(html.indexOf('<div id="__docusaurus">'));
  });

  it('tells the entry from the chunks by name, wherever the entry is listed', async () => {
    const html = await render(['assets/js/17896441.ef56.js', 'assets/js/runtime~main.ab12.js', 'assets/js/495.0a1b.js', 'assets/js/main.cd34.js']);
    expect(preloads(html)).toEqual([
      'async /assets/js/17896441.ef56.js',
      'defer /assets/js/runtime~main.ab12.js',
      'async /assets/js/495.0a1b.js',
      'defer /assets/js/main.cd34.js',
    ]);
  });
});

describe('PAINT_FIRST_LOADER', () => {
  /**
   * Runs the loader against a minimal window: two preloads; frames, timeouts and paint entries are
   * delivered by hand. `paint: false` is a browser that reports no paint entries.
   */
  function page({ visibilityState = 'visible', paint = true }: { visibilityState?: 'visible' | 'hidden'; paint?: boolean } = {}) {
    const added: { src: string; async: boolean }[] = [];
    const frames: (() => void)[] = [];
    const timeouts: { fn: () => void; ms: number }[] = [];
    const observers: { fn: (list: unknown, observer: unknown) => void; options: unknown; disconnected: boolean }[] = [];
    const links = [
      { href: 'http://x/assets/js/main.cd34.js', getAttribute: () => 'defer' },
      { href: 'http://x/assets/js/495.0a1b.js', getAttribute: () => 'async' },
    ];
    const document = {
      visibilityState,
      querySelectorAll: (selector: string) => (selector === 'link[data-load]' ? links : []),
      createElement: () => ({ src: '', async: true }),
      body: { appendChild: (script: { src: string; async: boolean }) => added.push({ ...script }) },
    };
    class PerformanceObserver {
      static supportedEntryTypes = paint ? ['paint', 'navigation'] : ['navigation'];
      entry: (typeof observers)[number];
      constructor(fn: (list: unknown, observer: unknown) => void) {
        this.entry = { fn, options: undefined, disconnected: false };
        observers.push(this.entry);
      }
      observe(options: unknown) {
        this.entry.options = options;
      }
      disconnect() {
        this.entry.disconnected = true;
      }
    }
    const deliver = (name: string) => {
      for (const o of observers.filter((o) => !o.disconnected)) {
        o.fn({ getEntriesByName: (n: string) => (n === name ? [{ name, startTime: 1 }] : []) }, { disconnect: () => (o.disconnected = true) });
      }
    };
    new Function('window', 'document', 'requestAnimationFrame', 'setTimeout', PAINT_FIRST_LOADER)(
      { PerformanceObserver },
      document,
      (fn: () => void) => frames.push(fn),
      (fn: () => void, ms: number) => timeouts.push({ fn, ms }),
    );
    return { added, frames, timeouts, observers, deliver };
  }
  const expected = [
    { src: 'http://x/assets/js/main.cd34.js', async: false },
    { src: 'http://x/assets/js/495.0a1b.js', async: true },
  ];

  it('adds the scripts when the first contentful paint is reported, the entry ordered and the chunks async', () => {
    const { added, frames, observers, deliver } = page();
    expect(observers).toHaveLength(1);
    expect(observers[0].options).toEqual({ type: 'paint', buffered: true });
    expect(frames).toHaveLength(0);
    // A first paint without content is not enough.
    deliver('first-paint');
    expect(added).toEqual([]);
    deliver('first-contentful-paint');
    expect(added).toEqual(expected);
    expect(observers[0].disconnected).toBe(true);
  });

  it('falls back to after the first frame where the browser reports no paint entries', () => {
    const { added, frames, timeouts, observers } = page({ paint: false });
    expect(observers).toHaveLength(0);
    frames.shift()!();
    // Inside the frame's callback nothing runs yet: the zero timeout fires after the frame.
    expect(added).toEqual([]);
    timeouts.find((t) => t.ms === 0)!.fn();
    expect(added).toEqual(expected);
  });

  it('adds them after 3 s whatever happened, and never twice', () => {
    const { added, timeouts, deliver } = page();
    const safety = timeouts.find((t) => t.ms === 3000)!;
    safety.fn();
    expect(added).toEqual(expected);
    deliver('first-contentful-paint');
    safety.fn();
    expect(added).toHaveLength(2);
  });

  it('adds them at once in a hidden tab, where nothing is painted', () => {
    const { added, frames, timeouts, observers } = page({ visibilityState: 'hidden' });
    expect(added).toEqual(expected);
    expect([frames.length, timeouts.length, observers.length]).toEqual([0, 0, 0]);
  });
});

describe('routeChunksPlugin', () => {
  class ReactLoadableSSRAddon {}
  const plugin = routeChunksPlugin({ generatedFilesDir: '/nowhere' } as never);
  const configure = (config: { plugins?: unknown[] }, isServer: boolean) =>
    (plugin.configureWebpack as unknown as (c: unknown, s: boolean) => { plugins?: unknown[] })(config, isServer);

  it('hooks only the client build that writes the manifest', () => {
    expect(writesClientManifest({ plugins: [new ReactLoadableSSRAddon()] })).toBe(true);
    expect(configure({ plugins: [null, new ReactLoadableSSRAddon()] }, false).plugins).toHaveLength(1);
    // The server build, and `docusaurus start` (no manifest is written), are left alone.
    expect(configure({ plugins: [new ReactLoadableSSRAddon()] }, true)).toEqual({});
    expect(configure({ plugins: [{}] }, false)).toEqual({});
    expect(configure({}, false)).toEqual({});
  });
});
