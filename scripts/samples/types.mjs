// The compiler side of code samples, shared by the sample checker (scripts/check-samples.mjs) and the
// site build (site/config/codeTypes.ts): one TypeScript language service per docs version over the
// small projects that extract.mjs lays out, the markers a block may carry (`// ^?`, `// ^|`,
// `// @errors:`, `// ---cut---`), and what the compiler says about them.
import crypto from 'node:crypto';
import path from 'node:path';

/** Compiler options of every sample, whatever its version. */
export function compilerOptions(ts) {
  return {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    moduleDetection: ts.ModuleDetectionKind.Force,
    jsx: ts.JsxEmit.ReactJSX,
    esModuleInterop: true,
    allowSyntheticDefaultImports: true,
    resolveJsonModule: true,
    isolatedModules: true,
    lib: ['lib.es2022.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts', 'lib.esnext.d.ts'],
    types: ['node'],
  };
}

/**
 * What `tsc` would say about the compiler options of a tsconfig.json shown in the docs: JSON errors,
 * unknown options and bad values, and options that do not go together (`moduleResolution: "bundler"`
 * with a CommonJS `module`, `emitDeclarationOnly` without `declaration`). `extends` is not followed.
 * Lines are 0-based in the block.
 * @param {typeof import('typescript')} ts
 * @param {string} text
 * @returns {{ line: number, message: string }[]}
 */
export function tsconfigProblems(ts, text) {
  const lineOf = (start) => (start === undefined ? 0 : text.slice(0, start).split('\n').length - 1);
  const describe = (d) => ({ line: lineOf(d.start), message: `TS${d.code}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}` });
  const file = ts.parseJsonText('tsconfig.json', text);
  const syntax = /** @type {import('typescript').Diagnostic[]} */ (/** @type {any} */ (file).parseDiagnostics ?? []);
  if (syntax.length) return syntax.map(describe);
  const { config } = ts.parseConfigFileTextToJson('tsconfig.json', text);
  const json = config?.compilerOptions;
  if (!json || typeof json !== 'object' || Array.isArray(json)) return [{ line: 0, message: '"compilerOptions" is not an object' }];
  const { options, errors } = ts.convertCompilerOptionsFromJson(json, '/project', 'tsconfig.json');
  // Errors of conversion carry no position: point at the option's line when the message names it.
  const at = (d) => {
    const message = ts.flattenDiagnosticMessageText(d.messageText, '\n');
    const name = Object.keys(json).find((k) => message.includes(`'${k}'`));
    const index = name ? text.indexOf(`"${name}"`) : -1;
    return { line: index < 0 ? 0 : lineOf(index), message: `TS${d.code}: ${message}` };
  };
  if (errors.length) return errors.map(at);
  const host = ts.createCompilerHost(options);
  const program = ts.createProgram({ rootNames: [], options, host });
  return program.getOptionsDiagnostics().map(at);
}

const QUERY = /^(\s*)\/\/\s*\^([?|])(.*)$/;
const ERRORS = /^\s*\/\/\s*@errors:\s*(.*)$/;
const CUT = /^\s*\/\/\s*---cut---\s*$/;

/**
 * @typedef {{ kind: '?' | '|', marker: number, line: number, column: number }} Query
 *   `marker` is the 0-based line of the `// ^?` comment, `line` the code line it points into (the
 *   nearest line above that is not a marker), `column` the column of the caret.
 * @typedef {{ queries: Query[], expected: number[], hidden: Set<number>, problems: { line: number, message: string }[] }} Markers
 *   `hidden` holds the 0-based lines a reader does not see (markers, and everything above a cut).
 */

/**
 * Finds the markers of a block.
 * @param {string} code
 * @returns {Markers}
 */
export function parseMarkers(code) {
  const lines = code.split('\n');
  /** @type {Markers} */
  const out = { queries: [], expected: [], hidden: new Set(), problems: [] };
  let cut = -1;
  lines.forEach((text, i) => {
    if (CUT.test(text)) cut = i;
  });
  for (let i = 0; i <= cut; i++) out.hidden.add(i);
  let lastCode = -1;
  lines.forEach((text, i) => {
    const q = QUERY.exec(text);
    const e = ERRORS.exec(text);
    if (q) {
      out.hidden.add(i);
      if (lastCode < 0 || lastCode <= cut) {
        out.problems.push({ line: i, message: `// ^${q[2]} has no code line above it to point into` });
        return;
      }
      out.queries.push({ kind: /** @type {'?'|'|'} */ (q[2]), marker: i, line: lastCode, column: text.indexOf('^') });
    } else if (e) {
      out.hidden.add(i);
      const codes = e[1].split(/[\s,]+/).filter(Boolean);
      for (const c of codes) {
        if (/^\d+$/.test(c)) out.expected.push(Number(c));
        else out.problems.push({ line: i, message: `// @errors: takes TypeScript error numbers (2322 2345), got "${c}"` });
      }
      if (codes.length === 0) out.problems.push({ line: i, message: '// @errors: lists no error number' });
    } else if (!out.hidden.has(i)) {
      lastCode = i;
    }
  });
  return out;
}

/**
 * A language service over in-memory files (absolute path → text); everything else comes from disk, so
 * module resolution finds the packages beside the virtual paths.
 * @param {typeof import('typescript')} ts
 * @param {Map<string, string>} files
 * @param {string} cwd
 * @param {import('typescript').DocumentRegistry} [registry] share one between services so that the
 *   libraries' declaration files are parsed once
 */
export function createService(ts, files, cwd, registry = ts.createDocumentRegistry()) {
  const options = compilerOptions(ts);
  const dirs = new Set();
  const versions = new Map();
  for (const f of files.keys()) {
    for (let d = path.dirname(f); !dirs.has(d) && d !== path.dirname(d); d = path.dirname(d)) dirs.add(d);
  }
  /** @type {import('typescript').LanguageServiceHost} */
  const host = {
    getCompilationSettings: () => options,
    getScriptFileNames: () => [...files.keys()],
    // By content: a shared registry must not hand back an older text of the same path.
    getScriptVersion: (f) => {
      const text = files.get(f);
      if (text === undefined) return '0';
      let v = versions.get(f);
      if (!v) versions.set(f, (v = crypto.createHash('sha1').update(text).digest('hex')));
      return v;
    },
    getScriptSnapshot: (f) => {
      const text = files.get(f) ?? (ts.sys.fileExists(f) ? ts.sys.readFile(f) : undefined);
      return text === undefined ? undefined : ts.ScriptSnapshot.fromString(text);
    },
    getCurrentDirectory: () => cwd,
    getDefaultLibFileName: (o) => ts.getDefaultLibFilePath(o),
    fileExists: (f) => files.has(f) || ts.sys.fileExists(f),
    readFile: (f, enc) => files.get(f) ?? ts.sys.readFile(f, enc),
    directoryExists: (d) => dirs.has(d) || ts.sys.directoryExists(d),
    getDirectories: (d) => ts.sys.getDirectories(d),
    realpath: (f) => (files.has(f) ? f : ts.sys.realpath ? ts.sys.realpath(f) : f),
    useCaseSensitiveFileNames: () => ts.sys.useCaseSensitiveFileNames,
    // The files never change while the service lives: without a project version, every request
    // compares each file of the program (about 2,000 with the libraries) with the host's.
    getProjectVersion: () => '1',
  };
  return ts.createLanguageService(host, registry);
}

/**
 * @typedef {{ line: number, column: number, length: number, text: string }} Identifier
 * @typedef {{ name: string, kind: string }} Completion
 * @typedef {Query & { text?: string, completions?: Completion[] }} ResolvedQuery
 * @typedef {{ line: number, column: number, length: number, code: number, message: string }} Diagnostic
 * @typedef {{ identifiers: Identifier[], queries: ResolvedQuery[], errors: Diagnostic[], unexpected: Diagnostic[], missing: number[], problems: { line: number, message: string }[] }} FileTypes
 */

const MAX_COMPLETIONS = 12;
/**
 * About the longest type the compiler prints for a hover before it cuts with `...` (its own default is
 * 500; `// ^?` answers get that): the
 * types of routers and builders run to kilobytes, which no reader reads in a popup and every page
 * would carry.
 */
export const MAX_QUICK_INFO = 160;

/**
 * Quick info may name files: `typeof import("/abs/…/.generated/…/server/router")`. Paths into the
 * page's project become relative (`./server/router`), paths into packages start at the package name.
 */
export function cleanPaths(text, rootDir) {
  let out = text.replace(/"[^"]*\/node_modules\//g, '"');
  if (rootDir) {
    const prefix = rootDir.endsWith(path.sep) ? rootDir : rootDir + path.sep;
    out = out.split(`"${prefix}`).join('"./').replace(/"\.\/s\d+\//g, '"./');
  }
  return out;
}

/** A function, class, interface, enum or namespace, or the file: whatever holds a node's scope. */
function scopeOf(ts, node) {
  let n = node.parent;
  while (n && !(ts.isSourceFile(n) || ts.isFunctionLike(n) || ts.isClassLike(n) || ts.isInterfaceDeclaration(n) || ts.isEnumDeclaration(n) || ts.isModuleDeclaration(n))) n = n.parent;
  return n;
}

/** Whether an identifier names what is called, constructed or rendered (`f()`, `a.f()`, `new C`, `<C />`). */
function isCallee(ts, node) {
  let e = node;
  if (ts.isPropertyAccessExpression(e.parent) && e.parent.name === e) e = e.parent;
  const p = e.parent;
  return (
    ((ts.isCallExpression(p) || ts.isNewExpression(p)) && p.expression === e) ||
    (ts.isTaggedTemplateExpression(p) && p.tag === e) ||
    ts.isDecorator(p) ||
    ((ts.isJsxOpeningElement(p) || ts.isJsxSelfClosingElement(p) || ts.isJsxClosingElement(p)) && p.tagName === e)
  );
}

/**
 * Quick info of one file's identifiers, computed once per distinct answer. The compiler's quick info for
 * a name that is not called and does not declare is a function of its symbol, the symbol's type at
 * that place (narrowing included) and the scope the type is printed from (which names are in reach).
 * Names that repeat with all three the same (`t`, `z`, `publicProcedure`, `ctx` used ten times in a
 * block) get the first answer; calls (the resolved signature depends on the arguments) and
 * declarations are always asked. Printing types is most of a hover's cost (ARCHITECTURE.md).
 * @param {typeof import('typescript')} ts
 * @param {import('typescript').TypeChecker} checker
 * @param {(node: import('typescript').Identifier | import('typescript').PrivateIdentifier) => string} ask
 */
export function hoverMemo(ts, checker, ask) {
  const ids = new Map();
  const idOf = (o) => {
    let i = ids.get(o);
    if (i === undefined) ids.set(o, (i = ids.size));
    return i;
  };
  const memo = new Map();
  return (node) => {
    const parent = node.parent;
    if (!ts.isIdentifier(node) || isCallee(ts, node) || (ts.isDeclaration(parent) && parent.name === node) || ts.isJsxAttribute(parent)) {
      return ask(node);
    }
    const symbol = checker.getSymbolAtLocation(node);
    if (!symbol) return ask(node);
    // A member's quick info names the type it is read from (`(property) Array<string>.length`).
    const owner = ts.isPropertyAccessExpression(parent) && parent.name === node ? idOf(checker.getTypeAtLocation(parent.expression)) : '';
    const key = `${idOf(symbol)} ${idOf(checker.getTypeOfSymbolAtLocation(symbol, node))} ${idOf(scopeOf(ts, node))} ${parent.kind} ${owner}`;
    let text = memo.get(key);
    if (text === undefined) memo.set(key, (text = ask(node)));
    return text;
  };
}

/**
 * What the compiler says about one block's file: quick info of every identifier a reader sees (when
 * `identifiers` is set), the answer to each query, the errors the block expects and those it does not.
 * Lines and columns are 0-based in the block's code.
 * @param {typeof import('typescript')} ts
 * @param {import('typescript').LanguageService} ls
 * @param {string} fileName
 * @param {{ identifiers?: boolean, diagnostics?: boolean, rootDir?: string }} [what]
 *   `rootDir`: the page's project folder, so quick info names its files relatively.
 * @returns {FileTypes}
 */
export function analyzeFile(ts, ls, fileName, what = {}) {
  const program = ls.getProgram();
  const sf = program.getSourceFile(fileName);
  if (!sf) throw new Error(`not in the project: ${fileName}`);
  const code = sf.text;
  const markers = parseMarkers(code);
  /** @type {FileTypes} */
  const out = { identifiers: [], queries: [], errors: [], unexpected: [], missing: [], problems: [...markers.problems] };
  const lineStarts = sf.getLineStarts();
  const pos = (line, column) => lineStarts[line] + column;
  const quickInfo = (p, max) => {
    const info = ls.getQuickInfoAtPosition(fileName, p, max);
    return info ? cleanPaths(ts.displayPartsToString(info.displayParts), what.rootDir) : '';
  };
  const hover = hoverMemo(ts, program.getTypeChecker(), (node) => quickInfo(node.getStart(sf), MAX_QUICK_INFO));

  if (what.identifiers) {
    const visit = (node) => {
      // Imports name what the code below uses; their hovers would only repeat it (and are among the
      // longest and slowest to print).
      if (ts.isImportDeclaration(node)) return;
      if (ts.isIdentifier(node) || ts.isPrivateIdentifier(node)) {
        // Hovers are for values: names in type positions and the keys of object literals are left out
        // (each hover costs about 2 ms of compiler time, and these are a quarter of all names).
        if (ts.isPartOfTypeNode(node) || (ts.isPropertyAssignment(node.parent) && node.parent.name === node)) return;
        const start = node.getStart(sf);
        const { line, character } = sf.getLineAndCharacterOfPosition(start);
        if (!markers.hidden.has(line)) {
          const text = hover(node);
          if (text) out.identifiers.push({ line, column: character, length: node.end - start, text });
        }
        return;
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }

  const lineText = (line) => code.slice(lineStarts[line], line + 1 < lineStarts.length ? lineStarts[line + 1] : code.length).replace(/\r?\n$/, '');
  for (const q of markers.queries) {
    const text = lineText(q.line);
    const where = `// ^${q.kind} under line ${q.line + 1}, column ${q.column + 1}`;
    if (q.column >= text.length || /\s/.test(text[q.column])) {
      out.problems.push({ line: q.marker, message: `${where} points at nothing (past the end of the line or at a space)` });
      continue;
    }
    if (q.kind === '?') {
      const info = quickInfo(pos(q.line, q.column));
      if (!info) out.problems.push({ line: q.marker, message: `${where} points at nothing the compiler can describe` });
      else out.queries.push({ ...q, text: info });
    } else {
      // Completions at the start of the word under the caret, narrowed to the characters before it.
      let start = q.column;
      while (start > 0 && /[\w$]/.test(text[start - 1])) start -= 1;
      const prefix = text.slice(start, q.column).toLowerCase();
      const result = ls.getCompletionsAtPosition(fileName, pos(q.line, start), {});
      const entries = (result?.entries ?? [])
        .filter((e) => e.name.toLowerCase().startsWith(prefix) && e.kind !== 'warning')
        .sort((a, b) => (a.sortText === b.sortText ? a.name.localeCompare(b.name) : a.sortText < b.sortText ? -1 : 1))
        .slice(0, MAX_COMPLETIONS)
        .map((e) => ({ name: e.name, kind: e.kind }));
      if (entries.length === 0) out.problems.push({ line: q.marker, message: `${where} finds no completions` });
      else out.queries.push({ ...q, completions: entries });
    }
  }

  if (what.diagnostics || markers.expected.length > 0) {
    const diagnostics = [...ls.getSyntacticDiagnostics(fileName), ...ls.getSemanticDiagnostics(fileName)];
    const seen = new Set();
    for (const d of diagnostics) {
      const { line, character } = sf.getLineAndCharacterOfPosition(d.start ?? 0);
      const entry = {
        line,
        column: character,
        length: d.length ?? 0,
        code: d.code,
        message: ts.flattenDiagnosticMessageText(d.messageText, '\n'),
      };
      if (markers.expected.includes(d.code)) {
        out.errors.push(entry);
        seen.add(d.code);
      } else out.unexpected.push(entry);
    }
    out.missing = markers.expected.filter((c) => !seen.has(c));
  }
  return out;
}
