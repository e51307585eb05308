/**
 * The theme registers `prism.additionalLanguages` in the browser here. Code is highlighted when the
 * Markdown is compiled (config/codeHighlight.ts loads those grammars there), so there is nothing to do.
 */
export default function prismIncludeLanguages(): void {}
