import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Conventions of the docs' Markdown that the build does not catch, named by file and line before
// anything is built.
//
// Admonition titles: the site's `future.v4` flags turn off MDX 1 compatibility, so an admonition title written after the
// name (`:::warning Title`) is not parsed: the page shows the line as text. Titles go in brackets
// (`:::warning[Title]`). The e2e sweep (markdown-rendered.spec.ts) finds the result in the build; this
// names the file and line before anything is built.

const SITE = path.resolve(__dirname, '../..');
const SOURCES = ['docs', 'versioned_docs', 'blog', 'src/pages'];

function markdownFiles(dir: string, out: string[] = []): string[] {
  if (!fs.existsSync(dir)) return out;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (full !== path.join(SITE, 'docs', 'typedoc')) markdownFiles(full, out);
    } else if (/\.mdx?$/.test(entry.name)) out.push(full);
  }
  return out;
}

/** Lines (1-based) outside code fences that open an admonition with a title after a space. */
function legacyAdmonitionTitles(text: string): number[] {
  const found: number[] = [];
  let fence: string | null = null;
  text.split('\n').forEach((line, i) => {
    const f = /^\s*(`{3,}|~{3,})/.exec(line);
    if (f) {
      if (fence === null) fence = f[1]![0]!;
      else if (f[1]![0] === fence) fence = null;
      return;
    }
    if (fence === null && /^\s*:::[a-z]+[ \t]+\S/.test(line)) found.push(i + 1);
  });
  return found;
}

describe('admonition titles', () => {
  it('finds a title after a space, outside code only', () => {
    expect(legacyAdmonitionTitles(':::warning Old\ntext\n:::\n:::tip[New]\n:::\n:::note\n:::')).toEqual([1]);
    expect(legacyAdmonitionTitles('```md\n:::warning Shown as an example\n```\n')).toEqual([]);
  });

  it('every docs page and post writes titles in brackets', () => {
    const files = SOURCES.flatMap((s) => markdownFiles(path.join(SITE, s)));
    expect(files.length).toBeGreaterThan(150);
    const problems = files.flatMap((file) =>
      legacyAdmonitionTitles(fs.readFileSync(file, 'utf8')).map((line) => `${path.relative(SITE, file)}:${line}: write ":::type[Title]"`),
    );
    expect(problems).toEqual([]);
  });
});

// Install tabs: a ```bash npm2yarn block is shown as npm / pnpm / Yarn / Bun tabs by
// @docusaurus/remark-plugin-npm2yarn, which rewrites each line for the other managers. Only installs
// and uninstalls come out right in all of them: `npx` becomes `yarn dlx`, which Yarn 1 does not have,
// and other commands are copied unchanged into tabs that claim they are for another manager.

/** Lines (1-based) of npm2yarn blocks that are neither blank, a comment, nor an `npm install` / `npm uninstall`. */
function unconvertibleInstallLines(text: string): number[] {
  const found: number[] = [];
  let inBlock = false;
  let fence: string | null = null;
  text.split('\n').forEach((line, i) => {
    const f = /^\s*(`{3,}|~{3,})(.*)$/.exec(line);
    if (f) {
      if (fence === null) {
        fence = f[1]!;
        inBlock = /\bnpm2yarn\b/.test(f[2]!);
      } else if (f[1]!.startsWith(fence) && f[2]!.trim() === '') {
        fence = null;
        inBlock = false;
      }
      return;
    }
    if (inBlock && line.trim() !== '' && !/^\s*(#|npm (install|i|uninstall|remove)\b)/.test(line)) found.push(i + 1);
  });
  return found;
}

describe('install tabs', () => {
  it('finds lines other than installs in npm2yarn blocks only', () => {
    const text = ['```bash npm2yarn', 'npm install zod', 'npx tsx a.ts', '```', '```bash', 'npx tsx b.ts', '```', '```bash npm2yarn', '', '# types too:', 'npm uninstall zod', '```'].join('\n');
    expect(unconvertibleInstallLines(text)).toEqual([3]);
  });

  it('every npm2yarn block holds only installs and uninstalls', () => {
    const files = SOURCES.flatMap((s) => markdownFiles(path.join(SITE, s)));
    const problems = files.flatMap((file) =>
      unconvertibleInstallLines(fs.readFileSync(file, 'utf8')).map((line) => `${path.relative(SITE, file)}:${line}: move it to a plain bash block`),
    );
    expect(problems).toEqual([]);
  });
});
