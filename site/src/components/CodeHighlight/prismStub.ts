/**
 * Stands in for prism-react-renderer in the site's bundles (alias in config/codeHighlight.ts). Code is
 * highlighted when the Markdown is compiled, so the browser needs no Prism: the theme's client module
 * that registers extra grammars only gets an empty language table here.
 */
export const Prism = { languages: {} as Record<string, unknown> };
