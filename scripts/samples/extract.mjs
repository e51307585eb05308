// Pure functions of the code-sample checker: find the TypeScript blocks of a Markdown file and lay
// them out as a small virtual project. No file system access here, so they are easy to unit-test.

const TS_LANGS = new Set(['ts', 'tsx', 'typescript']);
const FENCE = /^(\s*)(`{3,}|~{3,})\s*([\w+-]*)\s*(.*)$/;

/**
 * Parses the meta string of a fence (`title="server/router.ts" hidden nocheck="reason"`) into a map.
 * Bare flags map to `true`.
 * @param {string} meta
 * @returns {Record<string, string | true>}
 */
export function parseMeta(meta) {
  /** @type {Record<string, string | true>} */
  const out = {};
  const re = /([\w-]+)(?:=(?:"([^"]*)"|'([^']*)'|(\S+)))?/g;
  let m;
  while ((m = re.exec(meta))) {
    out[m[1]] = m[2] ?? m[3] ?? m[4] ?? true;
  }
  return out;
}

/**
 * @typedef {{ lang: string, meta: Record<string, string | true>, code: string, line: number }} Block
 * `line` is the 1-based line of the first code line in the source file.
 */

const CONFIG_LANGS = new Set(['json', 'jsonc']);

/**
 * Returns every JSON block that holds `compilerOptions` (a tsconfig.json or part of one), for the checker
 * to validate the options the way `tsc` does.
 * @param {string} source
 * @returns {Block[]}
 */
export function extractConfigBlocks(source) {
  return extractBlocks(source, CONFIG_LANGS).filter((b) => /"compilerOptions"\s*:/.test(b.code));
}

/**
 * Returns every fenced block whose language is ts, tsx or typescript (or one of `langs`).
 * @param {string} source
 * @param {Set<string>} [langs]
 * @returns {Block[]}
 */
export function extractBlocks(source, langs = TS_LANGS) {
  const lines = source.split(/\r?\n/);
  /** @type {Block[]} */
  const blocks = [];
  for (let i = 0; i < lines.length; i++) {
    const open = FENCE.exec(lines[i]);
    if (!open) continue;
    const [, indent, fence, lang, meta] = open;
    const body = [];
    let j = i + 1;
    for (; j < lines.length; j++) {
      const close = lines[j].match(/^(\s*)(`{3,}|~{3,})\s*$/);
      if (close && close[2][0] === fence[0] && close[2].length >= fence.length) break;
      body.push(lines[j].startsWith(indent) ? lines[j].slice(indent.length) : lines[j].trimStart());
    }
    if (langs.has(lang.toLowerCase())) {
      blocks.push({ lang: lang.toLowerCase(), meta: parseMeta(meta), code: body.join('\n'), line: i + 2 });
    }
    i = j;
  }
  return blocks;
}

/**
 * @typedef {{ path: string, code: string, line: number, origin: string }} VirtualFile
 * @typedef {{ files: VirtualFile[], exempt: { line: number, reason: string }[], problems: { line: number, message: string }[] }} Layout
 */

function isModulePath(title) {
  return /^[\w@.$\-/[\]()]+\.(ts|tsx|mts|cts|d\.ts)$/.test(title) && !title.includes('..') && !title.startsWith('/');
}

/**
 * Lays the blocks of one page out as files. Blocks with a `title` that is a relative .ts/.tsx path
 * become that file, so later blocks on the same page can import it (`import { appRouter } from
 * './router'`). When a title comes again, the page starts a new "snapshot" folder holding the latest
 * version of every titled file, so a page may show a file growing step by step. Untitled blocks get
 * their own file. `nocheck="reason"` exempts a block (the reason is required); `hidden` blocks are
 * compiled but not rendered.
 * @param {Block[]} blocks
 * @returns {Layout}
 */
export function layoutPage(blocks) {
  /** @type {Layout} */
  const layout = { files: [], exempt: [], problems: [] };
  /** @type {Map<string, VirtualFile>} */
  let current = new Map();
  let snapshot = 0;
  const snapshots = [current];
  blocks.forEach((block, index) => {
    const { meta } = block;
    if (meta.nocheck !== undefined) {
      if (meta.nocheck === true || !String(meta.nocheck).trim()) {
        layout.problems.push({ line: block.line, message: 'nocheck needs a reason: nocheck="why this block cannot compile"' });
      } else {
        layout.exempt.push({ line: block.line, reason: String(meta.nocheck) });
      }
      return;
    }
    if (!block.code.trim()) {
      layout.problems.push({ line: block.line, message: 'empty code block' });
      return;
    }
    // A title may say more after the file's path ("client.ts (v10, before)"); the path is its first word.
    const title = typeof meta.title === 'string' ? meta.title.trim().split(/\s+/, 1)[0] : '';
    const ext = block.lang === 'tsx' ? 'tsx' : 'ts';
    if (title && isModulePath(title)) {
      if (current.has(title)) {
        snapshot += 1;
        current = new Map(current);
        snapshots.push(current);
      }
      current.set(title, { path: title, code: block.code, line: block.line, origin: 'block' });
    } else {
      const name = `__block${index + 1}.${ext}`;
      current.set(name, { path: name, code: block.code, line: block.line, origin: 'block' });
    }
  });
  snapshots.forEach((files, i) => {
    for (const file of files.values()) {
      // A file carried over unchanged into a later snapshot is compiled again there (it may import
      // files that changed); its errors are reported once, against its source line.
      layout.files.push({ ...file, path: snapshots.length > 1 ? `s${i}/${file.path}` : file.path });
    }
  });
  return layout;
}

/**
 * Which docs version a Markdown file's samples compile against, from its path.
 * @param {string} relPath path relative to site/
 * @returns {'v11' | 'v10' | 'v9'}
 */
export function versionOf(relPath) {
  if (relPath.startsWith('versioned_docs/version-10.x/')) return 'v10';
  if (relPath.startsWith('versioned_docs/version-9.x/')) return 'v9';
  return 'v11';
}

/**
 * A fence may override its page's version with `trpc=10` or `trpc=9` (used in blog posts that
 * talk about an older major).
 * @param {Record<string, string | true>} meta
 * @param {'v11' | 'v10' | 'v9'} fallback
 */
export function blockVersion(meta, fallback) {
  const v = meta.trpc;
  if (v === '9' || v === '10' || v === '11') return /** @type {'v9'|'v10'|'v11'} */ (`v${v}`);
  return fallback;
}
