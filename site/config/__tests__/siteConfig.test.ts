import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';

// Loads the real docusaurus.config.ts under different environments (the typedoc plugins are skipped:
// they only matter for the build).
async function loadConfig(env: Record<string, string>) {
  vi.resetModules();
  for (const [key, value] of Object.entries({ TYPEDOC: '0', ...env })) vi.stubEnv(key, value);
  return (await import('../../docusaurus.config')).default;
}

afterEach(() => vi.unstubAllEnvs());

type Preset = [string, { gtag?: { trackingID: string; anonymizeIP: boolean } }];

describe('docusaurus.config', () => {
  it('sends no analytics and loads no widget by default', async () => {
    const config = await loadConfig({});
    expect((config.presets as Preset[])[0][1].gtag).toBeUndefined();
    expect(config.scripts).toEqual([]);
    expect(config.url).toBe('http://localhost:3000');
  });

  it('turns on gtag page views and the async social widget only when configured', async () => {
    const config = await loadConfig({ GA_TRACKING_ID: 'G-ABC123', SOCIAL_WIDGET_SRC: 'https://widgets.example.com/w.js' });
    expect((config.presets as Preset[])[0][1].gtag).toEqual({ trackingID: 'G-ABC123', anonymizeIP: false });
    expect(config.scripts).toEqual([{ src: 'https://widgets.example.com/w.js', async: true }]);
  });

  it('highlights code at build time in every Markdown plugin, with the grammars the theme lists', async () => {
    const config = await loadConfig({});
    const { remarkCodeHighlight } = await import('../codeHighlight'); // the instance the config loaded
    const options = (config.presets as [string, Record<string, { remarkPlugins?: unknown[] }>][])[0][1];
    const prism = (config.themeConfig as { prism: { additionalLanguages: string[] } }).prism;
    for (const kind of ['docs', 'blog', 'pages']) {
      // Bound with its options (withOptions in docusaurus.config.ts), so they stay out of main.js.
      const entry = options[kind]!.remarkPlugins!.find((p) => typeof p === 'function' && (p as { plugin?: unknown }).plugin === remarkCodeHighlight) as
        | { options: { plainTypes: Set<string> } }
        | undefined;
      expect(entry?.options, kind).toEqual({ ...prism, plainTypes: expect.any(Set) });
      // Punctuation and operators look like plain text in both of the site's themes: no span.
      expect([...entry!.options.plainTypes].sort(), kind).toEqual(['operator', 'punctuation']);
      expect(options[kind]!.remarkPlugins!.some((p) => typeof p === 'function' && p.name === 'remarkAnchorTargets'), kind).toBe(true);
    }
    expect((config.plugins as unknown[]).some((p) => typeof p === 'function' && p.name === 'codeHighlight')).toBe(true);
  });

  it('ships no build-machine paths or build-time options to the browser', async () => {
    // Docusaurus writes the whole config with JSON.stringify into the bundle every page loads.
    const config = await loadConfig({ TYPEDOC: '1', LINKS: '' });
    const shipped = JSON.stringify(config);
    const repo = path.resolve(__dirname, '../../..');
    expect(shipped.includes(repo), 'the repository path').toBe(false);
    expect(shipped).not.toMatch(/entryPoints|docsDir|plainTypes|"converters"/);
    // The instances still have their ids, which Docusaurus needs to tell them apart.
    expect(shipped).toContain('"typedoc-server"');
  });

  it('fails with a clear message on a bad value', async () => {
    await expect(loadConfig({ SITE_URL: 'localhost:3000' })).rejects.toThrow(/SITE_URL/);
  });

  it('keeps the specification’s shell settings', async () => {
    const config = await loadConfig({});
    expect(config.titleDelimiter).toBe('|');
    expect(config.onBrokenLinks).toBe('warn'); // TYPEDOC=0 here; 'throw' in real builds (next test)
    const full = await loadConfig({ TYPEDOC: '1', LINKS: '' });
    expect(full.onBrokenLinks).toBe('throw');
    expect(full.onDuplicateRoutes).toBe('throw');
    expect(full.markdown?.hooks?.onBrokenMarkdownLinks).toBe('throw');
    expect(full.storage).toEqual({ type: 'localStorage', namespace: false });
  });
});
