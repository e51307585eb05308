// Docusaurus's own template compiler, as the build calls it.
import { compileSSGTemplate } from '@docusaurus/core/lib/ssg/ssgTemplate.js';
import { describe, expect, it } from 'vitest';
import routeChunksPlugin, { aliasRegistryChunks, parseRegistry, routeChunksTemplate, writesClientManifest } from '../routeChunksPlugin';

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

  it('defers the runtime and main.js and loads the route chunks async', async () => {
    const html = await render(['assets/js/runtime~main.ab12.js', 'assets/js/main.cd34.js', 'assets/js/17896441.ef56.js', 'assets/js/495.0a1b.js']);
    const scripts = [...html.matchAll(/<script src="([^"]+)" (defer|async)><\/script>/g)].map((m) => `${m[2]} ${m[1]}`);
    expect(scripts).toEqual([
      'defer /assets/js/runtime~main.ab12.js',
      'defer /assets/js/main.cd34.js',
      'async /assets/js/17896441.ef56.js',
      'async /assets/js/495.0a1b.js',
    ]);
    expect(html).toContain('<div id="__docusaurus"><p>page</p></div>');
  });

  it('tells the entry from the chunks by name, wherever the entry is listed', async () => {
    const html = await render(['assets/js/17896441.ef56.js', 'assets/js/runtime~main.ab12.js', 'assets/js/495.0a1b.js', 'assets/js/main.cd34.js']);
    const scripts = [...html.matchAll(/<script src="([^"]+)" (defer|async)><\/script>/g)].map((m) => `${m[2]} ${m[1]}`);
    expect(scripts).toEqual([
      'async /assets/js/17896441.ef56.js',
      'defer /assets/js/runtime~main.ab12.js',
      'async /assets/js/495.0a1b.js',
      'defer /assets/js/main.cd34.js',
    ]);
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
