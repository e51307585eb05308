// A TypeDoc plugin (loaded by config/typedoc.ts): writes each package's index page of the API
// reference from ./apiModules.mjs, saying what every import path is for, instead of the bare list
// of module names TypeDoc writes there.
import { MarkdownPageEvent } from 'typedoc-plugin-markdown';
import { API_MODULES } from './apiModules.mjs';

/** The page's Markdown for one package; `modules` are the entry points TypeDoc documented. */
export function overviewPage(pkg, modules) {
  const data = API_MODULES[pkg] ?? { intro: '', modules: {} };
  const rows = [...modules]
    .sort((a, b) => (a === 'index' ? -1 : b === 'index' ? 1 : a.localeCompare(b)))
    .map((sub) => {
      const importPath = sub === 'index' ? `@trpc/${pkg}` : `@trpc/${pkg}/${sub}`;
      const what = (data.modules[sub] ?? '').replace(/\|/g, '\\|');
      return `| [\`${importPath}\`](${sub}/index.md) | ${what} |`;
    });
  return [
    // Not just the package's name: that is the title of its main entry's page (`index/`), one level down.
    `# @trpc/${pkg} API reference`,
    '',
    data.intro,
    '',
    'Each import path is one page of this reference, with its functions, types and constants.',
    '',
    '| Import | What it is for |',
    '| --- | --- |',
    ...rows,
    '',
  ].join('\n');
}

/** @param {import('typedoc').Application} app */
export function load(app) {
  app.renderer.on(MarkdownPageEvent.END, (page) => {
    if (page.url !== 'index.md' || page.model?.kind !== 1 /* ReflectionKind.Project */) return;
    const pkg = String(page.model.name).replace(/^@trpc\//, '');
    const modules = (page.model.children ?? []).map((child) => child.name);
    page.contents = overviewPage(pkg, modules);
  });
}
