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
      const entry = options[kind]!.remarkPlugins!.find((p) => Array.isArray(p) && p[0] === remarkCodeHighlight);
      expect(entry, kind).toEqual([remarkCodeHighlight, { ...prism, plainTypes: expect.any(Set) }]);
      // Punctuation and operators look like plain text in both of the site's themes: no span.
      expect([...(entry as [unknown, { plainTypes: Set<string> }])[1].plainTypes].sort(), kind).toEqual(['operator', 'punctuation']);
      expect(options[kind]!.remarkPlugins!.some((p) => typeof p === 'function' && p.name === 'remarkAnchorTargets'), kind).toBe(true);
    }
    expect((config.plugins as unknown[]).some((p) => typeof p === 'function' && p.name === 'codeHighlight')).toBe(true);
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
