import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { LoadContext, Plugin } from '@docusaurus/types';
import { normalizeTokens, type Prism as PrismType } from 'prism-react-renderer';
import { loadLanguages, shownTokenTypes } from './codeHighlight';
import { escapeHtml } from '../src/components/CodeHighlight/lines';
import { EXTRAS } from '../src/components/CodeTypes/format';
// Plain ES modules shared with the sample checker (scripts/check-samples.mjs).
import { blocksByVersion, extractBlocks, layoutPage, projectFolder, resolveFrom } from '../../scripts/samples/extract.mjs';
import { analyzeFile, createService, parseMarkers } from '../../scripts/samples/types.mjs';
import { isSampleSource, pageReader, sampleFiles, VERSION_DIRS } from '../../scripts/samples/sources.mjs';

/**
 * Types in code samples, computed at build time.
 *
 * For every ts/tsx block of a docs page or blog post, the TypeScript language service answers over the
 * same small projects the sample checker compiles (scripts/samples/): the quick info of every
 * identifier a reader sees, `// ^?` queries, `// ^|` completions and the errors a block expects with
 * `// @errors:`. The remark plugin turns the answers into HTML inside the block's build-time
 * highlighting (`data-code-html`, see codeHighlight.ts): identifiers carry an index into one table of
 * distinct quick-info strings per page (`<CodeTypes>`, a JSON script), queries and errors become lines
 * of their own. A tiny client module (src/components/CodeTypes/client.ts) shows an identifier's entry
 * on hover or tap. No compiler or highlighter reaches the browser.
 *
 * Results are cached on disk by a hash of the page's project (its files, the lockfile, TypeScript's
 * version), so an unchanged page is not compiled again; a miss builds one language service per
 * version over every page of that version, like the checker.
 */

const require = createRequire(__filename);
const ts = require('typescript') as typeof import('typescript');

/** Bump when the cached format or the analysis changes. */
const ENGINE = 'code-types-1';
// From __filename: some loaders (tsx) give no usable __dirname.
const HERE = path.dirname(__filename);
const REPO = path.resolve(HERE, '../..');
const SITE = path.join(REPO, 'site');
const CACHE_DIR = path.join(REPO, 'node_modules', '.cache', 'code-types');

type Version = 'v11' | 'v10' | 'v9';
type FileTypes = ReturnType<typeof analyzeFile>;
/** What a block shows: quick info per identifier, resolved queries, expected errors (0-based lines). */
export type BlockTypes = Pick<FileTypes, 'identifiers' | 'queries' | 'errors'>;

interface PageFile {
  fileName: string;
  code: string;
}

const lockHash = (() => {
  let memo: string | undefined;
  return () => {
    if (memo === undefined) {
      const lock = path.join(REPO, 'package-lock.json');
      memo = crypto
        .createHash('sha256')
        .update(fs.existsSync(lock) ? fs.readFileSync(lock) : '')
        .digest('hex');
    }
    return memo;
  };
})();

/**
 * One page's project for one version: its virtual files, and which file holds which block. `read`
 * gives other pages' sources, for blocks that take their code from another page (`from="..."`).
 */
function pageProjects(rel: string, source: string, read: (rel: string) => string | undefined) {
  const { blocks, problems } = resolveFrom(extractBlocks(source), rel, read);
  return {
    blocks,
    problems,
    projects: [...blocksByVersion(blocks, rel)].map(([version, vBlocks]) => {
      const layout = layoutPage(vBlocks);
      const pageDir = path.join(REPO, VERSION_DIRS[version], '.generated', 'site', projectFolder(rel));
      const files: PageFile[] = layout.files.map((f) => ({ fileName: path.join(pageDir, f.path), code: `${f.code}\n` }));
      // The file where each block first appears (later snapshots carry copies).
      const byLine = new Map<number, string>();
      layout.files.forEach((f, i) => {
        if (!byLine.has(f.line)) byLine.set(f.line, files[i]!.fileName);
      });
      return { version, dir: pageDir, files, byLine, blocks: vBlocks };
    }),
  };
}

type Project = ReturnType<typeof pageProjects>['projects'][number] & { rel: string };

/** Writes a cache entry whole or not at all (a build stopped halfway leaves no half-written file). */
function writeCache(file: string, value: unknown): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, JSON.stringify(value));
  fs.renameSync(tmp, file);
}

/** Pages per language service when the whole site is computed (see `precompute`). */
const BATCH = Number(process.env.CODE_TYPES_BATCH) || 16;

class CodeTypesEngine {
  /** Shared by every service, so the libraries' declaration files are parsed once. */
  private registry = ts.createDocumentRegistry();

  private cacheFile(project: Project): string {
    const key = crypto
      .createHash('sha256')
      .update(JSON.stringify([ENGINE, ts.version, lockHash(), project.version, project.rel, project.files, project.blocks.map((b) => [b.line, b.meta])]))
      .digest('hex');
    return path.join(CACHE_DIR, `${key}.json`);
  }

  private read(project: Project): [number, BlockTypes][] | undefined {
    try {
      return JSON.parse(fs.readFileSync(this.cacheFile(project), 'utf8'));
    } catch {
      return undefined;
    }
  }

  /** Computes the types of some pages' projects (of one version) in one service and caches them. */
  private compute(projects: Project[]): Map<Project, [number, BlockTypes][]> {
    const files = new Map(projects.flatMap((p) => p.files.map((f) => [f.fileName, f.code] as const)));
    // Not disposed: disposing would release the libraries from the registry, to be parsed again.
    const ls = createService(ts, files, REPO, this.registry);
    const out = new Map<Project, [number, BlockTypes][]>();
    for (const project of projects) {
      const entries: [number, BlockTypes][] = [];
      for (const block of project.blocks) {
        const fileName = project.byLine.get(block.line);
        if (!fileName || block.meta.nocheck !== undefined) continue;
        const r = analyzeFile(ts, ls, fileName, { identifiers: block.meta.hidden === undefined, rootDir: project.dir });
        entries.push([block.line, { identifiers: r.identifiers, queries: r.queries, errors: r.errors }]);
      }
      writeCache(this.cacheFile(project), entries);
      out.set(project, entries);
    }
    return out;
  }

  /**
   * Computes every page the cache does not hold, before the bundler asks for them one by one. Pages go
   * into services of BATCH pages: one service per page builds every library type again for each page
   * (measured: 4x slower). One service per version saved about 3 s CPU of 76 but changed 590 of 18,790
   * hovers (a type's printed name and member order depend on what the program resolved before; some
   * members lost their instantiation: `TRPCClientErrorLike<TRouter extends AnyRouter>.message`), so
   * the batches stay.
   */
  precompute(only?: { files: string[]; read: (rel: string) => string | undefined }): { pages: number; computed: number; problems: string[] } {
    const missing = new Map<Version, Project[]>();
    let pages = 0;
    const problems: string[] = [];
    const read = only?.read ?? pageReader(SITE);
    for (const file of only?.files ?? sampleFiles(SITE)) {
      const rel = path.relative(SITE, file).split(path.sep).join('/');
      const page = pageProjects(rel, read(rel) ?? fs.readFileSync(file, 'utf8'), read);
      // A block whose from= does not hold is left out of its page's project: the page would get no
      // types for the files it names, so the build says which block it is (see `reportFromProblems`).
      for (const p of page.problems) problems.push(`${rel}:${p.line}: ${p.message}`);
      for (const p of page.projects) {
        pages += 1;
        const project = { ...p, rel };
        if (this.read(project)) continue;
        if (!missing.has(p.version)) missing.set(p.version, []);
        missing.get(p.version)!.push(project);
      }
    }
    let computed = 0;
    for (const projects of missing.values()) {
      for (let i = 0; i < projects.length; i += BATCH) {
        computed += this.compute(projects.slice(i, i + BATCH)).size;
      }
    }
    return { pages, computed, problems };
  }

  /**
   * The types of every block of a page, by the block's first code line in the file. `source` is the
   * file as written (front matter included), as the checker reads it.
   */
  page(filePath: string, source: string): Map<number, BlockTypes> {
    const rel = path.relative(SITE, filePath).split(path.sep).join('/');
    const out = new Map<number, BlockTypes>();
    // A fresh reader per page: in `docusaurus start` the page a block comes from may have changed.
    for (const p of pageProjects(rel, source, pageReader(SITE)).projects) {
      const project = { ...p, rel };
      const entries = this.read(project) ?? this.compute([project]).get(project)!;
      for (const [line, types] of entries) out.set(line, types);
    }
    return out;
  }
}

let engine: CodeTypesEngine | undefined;
export const codeTypesEngine = () => (engine ??= new CodeTypesEngine());

// ---------------------------------------------------------------------------------------------
// Rendering

/** Distinct quick-info strings of a page; identifiers refer to them by index (`data-t`). */
export class TypeTable {
  readonly entries: string[] = [];
  private index = new Map<string, number>();
  add(text: string): number {
    let i = this.index.get(text);
    if (i === undefined) {
      i = this.entries.length;
      this.entries.push(text);
      this.index.set(text, i);
    }
    return i;
  }
}

/** Text for a `<pre>` line: escaped, with line breaks kept as character references. */
const escapeBlock = (text: string) => escapeHtml(text).replace(/\n/g, '&#10;');

const pad = (column: number) => (column > 0 ? ` style="padding-left:${column}ch"` : '');

/** The HTML shown under a line for one query: the type, or the completion list. */
export function queryHtml(query: BlockTypes['queries'][number]): string {
  if (query.completions) {
    const items = query.completions
      .map((c) => `<span class="code-completion" data-kind="${escapeHtml(c.kind)}">${escapeHtml(c.name)}</span>`)
      .join('');
    return `<span class="code-completions"${pad(query.column)}><span class="code-completions-list">${items}</span></span>`;
  }
  return `<span class="code-query"${pad(query.column)}><span class="code-query-text">${escapeBlock(query.text ?? '')}</span></span>`;
}

/** The HTML shown under a line for an expected error. */
export function errorHtml(error: BlockTypes['errors'][number]): string {
  return `<span class="code-error"${pad(error.column)}><span class="code-error-text">${escapeBlock(error.message)} <span class="code-error-number">TS${error.code}</span></span></span>`;
}

interface Segment {
  text: string;
  types: string[];
  typeIndex?: number;
  error?: boolean;
}

/**
 * Highlights a block with Prism and weaves in its types: returns the code as shown (markers and cut
 * setup removed) and one HTML string per shown line. An identifier becomes a span with `data-t` (its
 * index in `table`); an expected error's range gets `code-error-range`; queries and errors follow their
 * line after the EXTRAS separator.
 */
export function renderBlock(
  code: string,
  language: string,
  types: BlockTypes,
  table: TypeTable,
  prism: typeof PrismType,
  plainTypes?: ReadonlySet<string>,
): { code: string; lines: string[] } {
  const markers = parseMarkers(code);
  const written = code.split('\n');
  const shown: number[] = written.map((_, i) => i).filter((i) => !markers.hidden.has(i));
  const shownCode = shown.map((i) => written[i]).join('\n');
  const grammar = prism.languages[language];
  const tokenLines = normalizeTokens(grammar ? prism.tokenize(shownCode, grammar) : [shownCode]);

  const lines = shown.map((w, s) => {
    let segments: Segment[] = (tokenLines[s] ?? [])
      .filter((t) => !t.empty && t.content.length > 0)
      .map((t) => ({ text: t.content, types: shownTokenTypes(t.types, plainTypes) }));
    const split = (at: number) => {
      let offset = 0;
      const next: Segment[] = [];
      for (const seg of segments) {
        if (at > offset && at < offset + seg.text.length) {
          next.push({ ...seg, text: seg.text.slice(0, at - offset) }, { ...seg, text: seg.text.slice(at - offset) });
        } else next.push(seg);
        offset += seg.text.length;
      }
      segments = next;
    };
    const mark = (column: number, length: number, apply: (seg: Segment) => void) => {
      split(column);
      split(column + length);
      let offset = 0;
      for (const seg of segments) {
        if (offset >= column && offset + seg.text.length <= column + length) apply(seg);
        offset += seg.text.length;
      }
    };
    for (const id of types.identifiers) {
      if (id.line === w) mark(id.column, id.length, (seg) => (seg.typeIndex = table.add(id.text)));
    }
    for (const e of types.errors) {
      if (e.line === w) mark(e.column, Math.max(e.length, 1), (seg) => (seg.error = true));
    }
    const html = segments
      .map((seg) => {
        const classes = [...(seg.types.length ? ['token', ...seg.types] : []), ...(seg.error ? ['code-error-range'] : [])];
        const attrs = `${classes.length ? ` class="${classes.join(' ')}"` : ''}${seg.typeIndex !== undefined ? ` data-t="${seg.typeIndex}"` : ''}`;
        return attrs ? `<span${attrs}>${escapeHtml(seg.text)}</span>` : escapeHtml(seg.text);
      })
      .join('');
    const extras = [
      ...types.errors.filter((e) => e.line === w).map(errorHtml),
      ...types.queries.filter((q) => q.line === w).map(queryHtml),
    ];
    return extras.length ? `${html}${EXTRAS}${extras.join('')}` : html;
  });
  return { code: shownCode, lines };
}

// ---------------------------------------------------------------------------------------------
// The remark plugin

interface MdNode {
  type: string;
  lang?: string | null;
  meta?: string | null;
  value?: string;
  name?: string;
  attributes?: unknown[];
  data?: { hProperties?: Record<string, unknown> } & Record<string, unknown>;
  children?: MdNode[];
}

const TS_LANGS = new Set(['ts', 'tsx', 'typescript']);

export interface RemarkCodeTypesOptions {
  additionalLanguages?: readonly string[];
  /** Token types rendered as bare text (codeHighlight.ts, plainTokenTypes). */
  plainTypes?: ReadonlySet<string>;
  /** For tests: where the types come from (default: the build's engine). */
  typesOf?: (filePath: string, source: string) => Map<number, BlockTypes>;
}

/**
 * Renders the types of a page's TypeScript blocks into their highlighting and appends the page's
 * table of quick-info strings. Runs before remarkHiddenCode, so the blocks line up with the
 * checker's (hidden ones included); pages outside docs and blog are left alone.
 */
export function remarkCodeTypes(options: RemarkCodeTypesOptions = {}) {
  const prism = loadLanguages(options.additionalLanguages ?? []);
  const typesOf = options.typesOf ?? ((file, source) => codeTypesEngine().page(file, source));
  return (tree: MdNode, file: { path?: string; value?: unknown }) => {
    const filePath = file.path;
    if (!filePath) return;
    const rel = path.relative(SITE, filePath);
    if (!options.typesOf && !isSampleSource(rel)) return;
    const codeNodes: MdNode[] = [];
    const collect = (node: MdNode) => {
      if (node.type === 'code' && TS_LANGS.has((node.lang ?? '').toLowerCase())) codeNodes.push(node);
      node.children?.forEach(collect);
    };
    collect(tree);
    if (codeNodes.length === 0) return;
    const source = options.typesOf && typeof file.value === 'string' ? file.value : fs.readFileSync(filePath, 'utf8');
    const blocks = extractBlocks(source);
    const types = typesOf(filePath, source);
    const table = new TypeTable();
    // The checker's blocks and the Markdown's code nodes come in the same order with the same code.
    let b = 0;
    for (const node of codeNodes) {
      while (b < blocks.length && blocks[b]!.code !== node.value) b += 1;
      if (b === blocks.length) break;
      const blockTypes = types.get(blocks[b]!.line);
      b += 1;
      if (!blockTypes) continue;
      const lang = (node.lang ?? 'ts').toLowerCase();
      const rendered = renderBlock(node.value!, lang === 'typescript' ? 'ts' : lang, blockTypes, table, prism, options.plainTypes);
      node.value = rendered.code;
      node.data = { ...node.data, hProperties: { ...node.data?.hProperties, dataCodeHtml: rendered.lines.join('\n') } };
    }
    if (table.entries.length > 0) {
      tree.children ??= [];
      tree.children.push({
        type: 'mdxJsxFlowElement',
        name: 'CodeTypes',
        attributes: [{ type: 'mdxJsxAttribute', name: 'types', value: JSON.stringify(table.entries) }],
        children: [],
      });
    }
  };
}

// ---------------------------------------------------------------------------------------------
// The landing page's code demo

export interface TypedCallDemo {
  fileName: string;
  /** Highlighted lines of the shown code, identifiers with `data-t`. */
  lines: string[];
  /** The completion list under the line it belongs to. */
  completions: { line: number; column: number; items: { name: string; kind: string }[] };
  /** The `// ^?` answer. */
  query: string;
  types: string[];
}

type DemoAnalysis = Pick<FileTypes, 'identifiers' | 'queries' | 'problems' | 'unexpected'>;

/** The compiler's answers for the demo's files, cached like the pages' (about 1.3 s of CPU otherwise). */
function cachedDemoAnalysis(files: Map<string, string>, clientFile: string): DemoAnalysis {
  const key = crypto
    .createHash('sha256')
    .update(JSON.stringify([ENGINE, 'demo', ts.version, lockHash(), [...files]]))
    .digest('hex');
  const cacheFile = path.join(CACHE_DIR, `demo-${key}.json`);
  try {
    return JSON.parse(fs.readFileSync(cacheFile, 'utf8')) as DemoAnalysis;
  } catch {
    // Not cached yet (or unreadable): compute it.
  }
  const r = analyzeFile(ts, createService(ts, files, REPO), clientFile, { identifiers: true, diagnostics: true });
  const result: DemoAnalysis = { identifiers: r.identifiers, queries: r.queries, problems: r.problems, unexpected: r.unexpected };
  writeCache(cacheFile, result);
  return result;
}

/**
 * Computes the landing page's demo from real files (src/data/home-demo/): the completion list of the
 * client at `// ^|` and the type at `// ^?`, by the same engine as the docs.
 */
export function typedCallDemo(
  dir: string,
  prism: typeof PrismType = loadLanguages([]),
  plainTypes?: ReadonlySet<string>,
): TypedCallDemo {
  const names = fs.readdirSync(dir).filter((f) => f.endsWith('.ts'));
  const files = new Map(names.map((n) => [path.join(REPO, 'examples', 'v11', '.generated', 'home-demo', n), fs.readFileSync(path.join(dir, n), 'utf8')]));
  const clientFile = [...files.keys()].find((f) => f.endsWith('client.ts'));
  if (!clientFile) throw new Error(`${dir} needs a client.ts with a // ^| and a // ^? marker`);
  const result = cachedDemoAnalysis(files, clientFile);
  const problems = [...result.problems.map((p) => `line ${p.line + 1}: ${p.message}`), ...result.unexpected.map((d) => `line ${d.line + 1}: TS${d.code} ${d.message}`)];
  if (problems.length) throw new Error(`The landing page's code demo (${dir}/client.ts) does not compile:\n  ${problems.join('\n  ')}`);
  const completion = result.queries.find((q) => q.completions);
  const query = result.queries.find((q) => q.text);
  if (!completion || !query) throw new Error(`${dir}/client.ts needs one // ^| and one // ^? marker`);
  const table = new TypeTable();
  const code = files.get(clientFile)!.replace(/\n$/, '');
  const rendered = renderBlock(code, 'ts', { identifiers: result.identifiers, queries: [], errors: [] }, table, prism, plainTypes);
  const shownLines = code.split('\n').map((_, i) => i).filter((i) => !parseMarkers(code).hidden.has(i));
  return {
    fileName: 'client.ts',
    lines: rendered.lines,
    completions: { line: shownLines.indexOf(completion.line), column: completion.column, items: completion.completions! },
    query: query.text!,
    types: table.entries,
  };
}

/**
 * Blocks whose `from="..."` does not hold (a page or title that does not exist, a copy that differs
 * from the file it names, a loop): a production build stops on them, as it does on a broken link (the
 * page would ship without the types of the files it takes, and `npm test` fails on them anyway);
 * `docusaurus start` only warns, so one broken block does not stop the dev server.
 */
export function reportFromProblems(problems: readonly string[], production: boolean, warn: (message: string) => void = console.warn): void {
  if (problems.length === 0) return;
  const message = `[code-types] ${problems.length} code block(s) with a from= that does not hold:\n${problems.map((p) => `  ${p}`).join('\n')}`;
  if (production) throw new Error(message);
  warn(message);
}

/**
 * The Docusaurus side: the client module (hover and tap) with its styles, and the landing demo as a
 * generated JSON module (`@generated/code-types/typed-call.json` via the alias `@code-types-demo`),
 * highlighted like the docs' blocks (`plainTypes`, see codeHighlight.ts).
 */
export function codeTypesPlugin(options: { plainTypes?: ReadonlySet<string> } = {}) {
  return function codeTypes(context: LoadContext): Plugin {
    const demoFile = path.join(context.generatedFilesDir, 'code-types', 'typed-call.json');
    return {
      name: 'code-types',
      getClientModules: () => [path.resolve(HERE, '../src/components/CodeTypes/client.ts')],
      async loadContent() {
        const started = process.cpuUsage();
        const { pages, computed, problems } = codeTypesEngine().precompute();
        reportFromProblems(problems, process.env.NODE_ENV === 'production');
        if (computed > 0) {
          const { user, system } = process.cpuUsage(started);
          console.log(`[code-types] types of ${computed} of ${pages} page projects computed in ${((user + system) / 1e6).toFixed(1)} s CPU (the rest cached)`);
        }
        const demo = typedCallDemo(path.join(SITE, 'src', 'data', 'home-demo'), undefined, options.plainTypes);
        fs.mkdirSync(path.dirname(demoFile), { recursive: true });
        fs.writeFileSync(demoFile, JSON.stringify(demo));
      },
      configureWebpack() {
        return { resolve: { alias: { '@code-types-demo$': demoFile } } };
      },
    };
  };
}
