import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { LoadContext, Plugin } from '@docusaurus/types';
import { Prism as PrismInstance, normalizeTokens, type PrismTheme } from 'prism-react-renderer';
import { escapeHtml } from '../src/components/CodeHighlight/lines';

/**
 * Syntax highlighting at build time.
 *
 * Docusaurus highlights code blocks in the browser: Prism and its grammars sit in main.js (about 30 kB
 * gzip on every page), every block is tokenized again while the page hydrates, and every block is
 * re-created after hydration so that its inline colours follow the colour mode. Here the tokens are
 * computed once, when the Markdown is compiled: a remark plugin stores each block's highlighted lines
 * as an HTML string on the code element (`data-code-html`), the theme's CodeBlock renders that string
 * (src/theme/CodeBlock), and the colours of both Prism themes become one stylesheet keyed on
 * `data-theme`, so no block needs re-rendering when the mode changes. The browser bundle gets a stub
 * in place of prism-react-renderer.
 */

const require = createRequire(__filename);

type Prism = typeof PrismInstance;

let grammarsLoaded: Set<string> | undefined;

/**
 * Adds Prism components (by name, as in `prism.additionalLanguages`) to prism-react-renderer's Prism,
 * the way the theme does in the browser: the components register themselves on `globalThis.Prism`.
 */
export function loadLanguages(languages: readonly string[]): Prism {
  grammarsLoaded ??= new Set();
  const missing = languages.filter((lang) => !grammarsLoaded!.has(lang));
  if (missing.length === 0) return PrismInstance;
  const g = globalThis as { Prism?: unknown };
  const before = g.Prism;
  g.Prism = PrismInstance;
  try {
    for (const lang of missing) {
      if (lang === 'php') require('prismjs/components/prism-markup-templating.js');
      try {
        require(`prismjs/components/prism-${lang}`);
      } catch (error) {
        throw new Error(
          `prism.additionalLanguages lists "${lang}", but prismjs has no component prism-${lang}.js ` +
            `(${(error as Error).message.split('\n')[0]})`,
        );
      }
      grammarsLoaded.add(lang);
    }
  } finally {
    if (before === undefined) delete g.Prism;
    else g.Prism = before;
  }
  return PrismInstance;
}

/**
 * The highlighted HTML of each line of `code` (split on line breaks, as Prism's line normalization
 * does): `<span class="token keyword">const</span> a …`. Plain text is left unwrapped. A language
 * Prism does not know is returned escaped but not highlighted, as the theme does.
 */
export function highlightLines(
  code: string,
  language: string,
  prism: Prism = PrismInstance,
  plainTypes?: ReadonlySet<string>,
): string[] {
  const grammar = prism.languages[language];
  const tokens = grammar
    ? prism.tokenize(code, grammar)
    : [code];
  return normalizeTokens(tokens).map((line) =>
    line
      .map((token) => {
        if (token.empty) return '';
        const text = escapeHtml(token.content);
        const types = shownTokenTypes(token.types, plainTypes);
        return types.length === 0 ? text : `<span class="token ${types.join(' ')}">${text}</span>`;
      })
      .join(''),
  );
}

/** A colour as `r,g,b[,a]` when it is written in hex or rgb()/rgba(), else as written (lower case). */
function colourKey(colour: unknown): string {
  const c = String(colour).trim().toLowerCase();
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/.exec(c);
  if (hex) {
    const h = hex[1].length === 3 ? [...hex[1]].map((d) => d + d).join('') : hex[1];
    return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16)).join(',');
  }
  const rgb = /^rgba?\(([^)]*)\)$/.exec(c);
  if (rgb) {
    const parts = rgb[1].split(/[\s,/]+/).filter(Boolean);
    if (parts.length === 4 && Number(parts[3]) === 1) parts.pop();
    return parts.join(',');
  }
  return c;
}

/**
 * The token types that look exactly like plain text in both colour modes: every entry of each theme
 * that lists the type sets only `color`, to that theme's plain colour (in github and dracula:
 * punctuation and operator), and the site's own CSS (`siteCss`) names no class of that type. Their
 * spans change nothing a reader sees, and they are a third to half of a code-heavy page's elements
 * (`/docs/quickstart`: 731 of 1,358 spans), each one parsed, styled and laid out on load.
 */
export function plainTokenTypes(light: PrismTheme, dark: PrismTheme, siteCss = ''): Set<string> {
  const listed = new Set([light, dark].flatMap((theme) => theme.styles.flatMap((entry) => entry.types)));
  const plain = new Set<string>();
  for (const type of listed) {
    const escaped = type.replace(/[^\w-]/g, (c) => `\\${c}`);
    if (new RegExp(`\\.${escaped}(?![\\w-])`).test(siteCss)) continue;
    const looksPlain = [light, dark].every((theme) =>
      theme.styles
        .filter((entry) => entry.types.includes(type))
        .every((entry) => {
          const keys = Object.keys(entry.style);
          return keys.length === 1 && keys[0] === 'color' && colourKey(entry.style.color) === colourKey(theme.plain.color);
        }),
    );
    if (looksPlain) plain.add(type);
  }
  return plain;
}

/** A token's classes as rendered: without Prism's "plain", and none at all when every type is plain. */
export function shownTokenTypes(types: readonly string[], plainTypes?: ReadonlySet<string>): string[] {
  const shown = types.filter((type) => type !== 'plain');
  return plainTypes && shown.every((type) => plainTypes.has(type)) ? [] : shown;
}

interface CodeNode {
  type: string;
  lang?: string | null;
  value?: string;
  data?: { hProperties?: Record<string, unknown> } & Record<string, unknown>;
  children?: CodeNode[];
}

export interface RemarkCodeHighlightOptions {
  /** `prism.additionalLanguages` of the theme config. */
  additionalLanguages?: readonly string[];
  /** `prism.defaultLanguage` of the theme config. */
  defaultLanguage?: string;
  /** Token types rendered as bare text (see plainTokenTypes). */
  plainTypes?: ReadonlySet<string>;
}

/**
 * The remark plugin: gives every fenced code block a `data-code-html` property holding its highlighted
 * lines joined with "\n" (the lines of the block as written, magic comments included; the CodeBlock
 * matches them to the lines it shows).
 */
export function remarkCodeHighlight(options: RemarkCodeHighlightOptions = {}) {
  const prism = loadLanguages(options.additionalLanguages ?? []);
  const visit = (node: CodeNode): void => {
    // Blocks with types (config/codeTypes.ts) come highlighted already.
    if (node.type === 'code' && typeof node.value === 'string' && node.data?.hProperties?.dataCodeHtml === undefined) {
      const language = (node.lang ?? options.defaultLanguage ?? 'text').toLowerCase();
      const html = highlightLines(node.value, language, prism, options.plainTypes).join('\n');
      node.data = { ...node.data, hProperties: { ...node.data?.hProperties, dataCodeHtml: html } };
    }
    node.children?.forEach(visit);
  };
  return (tree: CodeNode) => visit(tree);
}

const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

function declarations(style: Record<string, unknown>): string {
  return Object.entries(style)
    .filter(([, value]) => typeof value === 'string' || typeof value === 'number')
    .map(([key, value]) => `${kebab(key)}:${value}`)
    .join(';');
}

/**
 * One stylesheet for both Prism themes: the plain colours become the `--prism-color` and
 * `--prism-background-color` variables the code block styles read, and each token style becomes a
 * rule scoped to its colour mode (in the theme's order, so later entries win as in Prism's renderer).
 */
export function prismThemeCss(light: PrismTheme, dark: PrismTheme): string {
  const modes: [string, PrismTheme][] = [
    [":root:not([data-theme='dark'])", light],
    ["[data-theme='dark']", dark],
  ];
  const rules: string[] = [];
  for (const [scope, theme] of modes) {
    const vars: string[] = [];
    if (theme.plain.color) vars.push(`--prism-color:${theme.plain.color}`);
    if (theme.plain.backgroundColor) vars.push(`--prism-background-color:${theme.plain.backgroundColor}`);
    rules.push(`${scope}{${vars.join(';')}}`);
    for (const entry of theme.styles) {
      const body = declarations(entry.style as Record<string, unknown>);
      if (!body) continue;
      const selectors = entry.types.flatMap((type) =>
        (entry.languages ?? ['']).map((lang) => `${scope} ${lang ? `.language-${lang} ` : ''}.token.${type}`),
      );
      rules.push(`${selectors.join(',')}{${body}}`);
    }
  }
  return `/* Generated from the site's prism themes (config/codeHighlight.ts). */\n${rules.join('\n')}\n`;
}

/**
 * The Docusaurus side: writes the theme stylesheet as a client module, and gives the bundles a stub
 * for prism-react-renderer (the theme's client module imports Prism to register extra grammars;
 * nothing in the browser needs it now).
 */
export function codeHighlightPlugin(themes: { theme: PrismTheme; darkTheme: PrismTheme }) {
  return function codeHighlight(context: LoadContext): Plugin {
    const cssFile = path.join(context.generatedFilesDir, 'code-highlight', 'prism-themes.css');
    fs.mkdirSync(path.dirname(cssFile), { recursive: true });
    fs.writeFileSync(cssFile, prismThemeCss(themes.theme, themes.darkTheme));
    return {
      name: 'code-highlight',
      getClientModules: () => [cssFile],
      configureWebpack() {
        return {
          resolve: {
            alias: {
              'prism-react-renderer$': path.resolve(__dirname, '../src/components/CodeHighlight/prismStub.ts'),
            },
          },
        };
      },
    };
  };
}
