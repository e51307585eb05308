// Pure functions of the code-sample checker: find the TypeScript blocks of a Markdown file and lay
// them out as a small virtual project. No file system access here, so they are easy to unit-test.
import path from 'node:path';

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
 * @typedef {{ lang: string, meta: Record<string, string | true>, code: string, line: number, from?: { page: string, line: number } }} Block
 * `line` is the 1-based line of the first code line in the source file; `from` is set by `resolveFrom`
 * on a block whose code is another page's.
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
 * @typedef {{ path: string, code: string, line: number, origin: string, from?: { page: string, line: number } }} VirtualFile
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
    const title = titlePath(meta);
    const ext = block.lang === 'tsx' ? 'tsx' : 'ts';
    if (title && isModulePath(title)) {
      if (current.has(title)) {
        snapshot += 1;
        current = new Map(current);
        snapshots.push(current);
      }
      current.set(title, { path: title, code: block.code, line: block.line, origin: 'block', ...(block.from ? { from: block.from } : {}) });
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

/**
 * A page's blocks by the docs version each compiles against: the page's own, or a fence's `trpc=`
 * (a blog post may mix versions). Versions appear in the order of their first block.
 * @template {Block} B
 * @param {B[]} blocks
 * @param {string} rel the page's path relative to site/
 * @returns {Map<'v11' | 'v10' | 'v9', B[]>}
 */
export function blocksByVersion(blocks, rel) {
  const fallback = versionOf(rel);
  /** @type {Map<'v11' | 'v10' | 'v9', B[]>} */
  const out = new Map();
  for (const b of blocks) {
    const v = blockVersion(b.meta, fallback);
    if (!out.has(v)) out.set(v, []);
    out.get(v).push(b);
  }
  return out;
}

/**
 * The folder a page's project is written to, under its version's generated folder: the page's path
 * without its extension, characters other than letters, digits, `_`, `-` and `/` as `_`.
 * @param {string} rel the page's path relative to site/
 */
export function projectFolder(rel) {
  return rel.replace(/\.mdx?$/, '').replace(/[^\w/-]/g, '_');
}

/** A title's file path: its first word (`client.ts (v10, before)` names `client.ts`). */
function titlePath(meta) {
  return typeof meta.title === 'string' ? meta.title.trim().split(/\s+/, 1)[0] : '';
}

/** Lines compared the way a reader sees them: trailing spaces and blank edges do not count. */
function comparable(code) {
  return code.split('\n').map((l) => l.trimEnd()).join('\n').trim();
}

/**
 * Blocks that are another page's file. A page that builds on an earlier page's project (usually the
 * Quickstart's) marks the files it uses from there with `from="<that page>"` (a path relative to the
 * page, like a Markdown link): `title="server/trpc.ts" hidden from="../quickstart.md"` with an empty
 * body compiles that page's block of the same title (its last version on that page, which is what a
 * reader who finished the page has), so the copy can never drift from the page it names. A block with
 * a body and `from` must equal that block, so a file shown again on a later page stays the same file.
 *
 * Returns the blocks with their code filled in (`line` stays the block's own line on this page;
 * `from` says where the code came from) and the problems found: an unknown page, a page without a
 * block of that title, a body that differs (with the first line that differs), an empty body on a
 * block readers see, a chain of `from` that comes back to a page it left.
 * @param {Block[]} blocks
 * @param {string} rel the page's path relative to site/ (`docs/server/subscriptions.md`)
 * @param {(rel: string) => string | undefined} read another page's Markdown by its path relative to site/
 * @param {string[]} [chain] pages already being resolved (cycle detection)
 * @param {Map<string, { blocks: Block[], problems: { line: number, message: string }[] } | null>} [resolvedPages]
 *   pages already resolved during this call, null for a missing one (internal)
 * @returns {{ blocks: (Block & { from?: { page: string, line: number } })[], problems: { line: number, message: string }[] }}
 */
export function resolveFrom(blocks, rel, read, chain = [], resolvedPages = new Map()) {
  /** @type {{ line: number, message: string }[]} */
  const problems = [];
  const resolved = blocks.map((block) => {
    const from = block.meta.from;
    if (from === undefined) return block;
    const fail = (message) => {
      problems.push({ line: block.line, message: `from="${from}": ${message}` });
      return block;
    };
    const title = titlePath(block.meta);
    if (!title) return fail('only a block with a file title can name the page it comes from');
    if (typeof from !== 'string' || !/\.mdx?$/.test(from)) return fail('give the Markdown file of a page, like from="../quickstart.md"');
    if (from.startsWith('/') || /^[a-z][\w+.-]*:/i.test(from)) return fail('give the path relative to this page, like from="../quickstart.md"');
    const target = path.posix.join(path.posix.dirname(rel), from);
    if (target === '..' || target.startsWith('../')) return fail('the path leaves the site folder');
    if (target === rel || chain.includes(target)) return fail(`a chain of from= that loops: ${[...chain, rel, target].join(' -> ')}`);
    // A page named by several blocks is read and resolved once per call (its result does not depend on
    // which block asked, only on the pages above it in the chain, which the key includes).
    const key = [...chain, rel, target].join('\n');
    let nested = resolvedPages.get(key);
    if (nested === undefined) {
      const source = read(target);
      nested = source === undefined ? null : resolveFrom(extractBlocks(source), target, read, [...chain, rel], resolvedPages);
      resolvedPages.set(key, nested);
    }
    if (nested === null) return fail(`no page at ${target}`);
    const theirs = nested.blocks.filter((b) => titlePath(b.meta) === title && b.meta.nocheck === undefined);
    const original = theirs[theirs.length - 1];
    if (!original) return fail(`${target} has no block titled ${title}`);
    const unresolved = nested.problems.find((p) => p.line === original.line);
    if (unresolved) return fail(`${target}:${original.line} ${unresolved.message}`);
    const mine = comparable(block.code);
    const want = comparable(original.code);
    if (mine === '') {
      if (block.meta.hidden === undefined) return fail('a block readers see must show its code (add `hidden`, or paste the file)');
      return { ...block, code: original.code, from: { page: target, line: original.line } };
    }
    if (mine !== want) {
      const a = mine.split('\n');
      const b = want.split('\n');
      let i = 0;
      while (i < a.length && i < b.length && a[i] === b[i]) i++;
      return fail(
        `differs from ${title} at ${target}:${original.line}; first at its line ${i + 1}: ` +
          `${JSON.stringify(a[i] ?? '(end of block)')} here, ${JSON.stringify(b[i] ?? '(end of block)')} there ` +
          '(leave the body empty on a hidden block to take that page\'s code)',
      );
    }
    return { ...block, from: { page: target, line: original.line } };
  });
  return { blocks: resolved, problems };
}
