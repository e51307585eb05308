// Which Markdown files hold code samples, shared by the sample checker (scripts/check-samples.mjs) and
// the types step of the build (site/config/codeTypes.ts), so the two always walk the same pages.
import fs from 'node:fs';
import path from 'node:path';

/** Folders of site/ whose Markdown holds samples. */
export const SOURCES = ['docs', 'versioned_docs', 'blog'];

/** Where each version's sample projects live, beside that version's packages (relative to the repo). */
export const VERSION_DIRS = { v11: 'examples/v11', v10: 'examples/v10', v9: 'examples/v9' };

/**
 * The generated API reference (docs/typedoc) is not samples: its signatures name types they do not
 * import, so neither the checker nor the types step reads it.
 * @param {string} relPath path relative to site/
 */
export function isGeneratedDoc(relPath) {
  const p = relPath.split(path.sep).join('/');
  return p === 'docs/typedoc' || p.startsWith('docs/typedoc/');
}

/**
 * Whether a Markdown file, by its path relative to site/, is one whose samples are checked and typed:
 * the question the remark plugin asks of each file it compiles, with the same answer as `sampleFiles`.
 * @param {string} relPath
 */
export function isSampleSource(relPath) {
  const p = relPath.split(path.sep).join('/');
  return SOURCES.some((s) => p.startsWith(`${s}/`)) && !isGeneratedDoc(p) && !p.split('/').includes('node_modules') && /\.mdx?$/.test(p);
}

/**
 * Every Markdown file of the sample folders under `siteDir`, generated reference and dependencies left out.
 * @param {string} siteDir
 * @returns {string[]} absolute paths
 */
export function sampleFiles(siteDir) {
  const out = [];
  const walk = (dir) => {
    if (!fs.existsSync(dir)) return;
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules' && !isGeneratedDoc(path.relative(siteDir, full))) walk(full);
      } else if (/\.mdx?$/.test(entry.name)) out.push(full);
    }
  };
  for (const s of SOURCES) walk(path.join(siteDir, s));
  return out;
}

/**
 * Reads pages by their path relative to `siteDir` (for `from="..."` blocks), each file once; paths
 * outside the sample folders read as missing.
 * @param {string} siteDir
 * @returns {(rel: string) => string | undefined}
 */
export function pageReader(siteDir) {
  /** @type {Map<string, string | undefined>} */
  const memo = new Map();
  return (rel) => {
    if (!memo.has(rel)) {
      let text;
      if (isSampleSource(rel)) {
        try {
          text = fs.readFileSync(path.join(siteDir, ...rel.split('/')), 'utf8');
        } catch {
          text = undefined;
        }
      }
      memo.set(rel, text);
    }
    return memo.get(rel);
  };
}
