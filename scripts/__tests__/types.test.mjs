import path from 'node:path';
import { createRequire } from 'node:module';
import { describe, expect, it, vi } from 'vitest';

vi.setConfig({ testTimeout: 60_000 });
import { analyzeFile, cleanPaths, createService, hoverMemo, MAX_QUICK_INFO, parseMarkers, tsconfigProblems } from '../samples/types.mjs';

const require = createRequire(import.meta.url);
const ts = require('typescript');
const root = path.resolve(import.meta.dirname, '../..');
const dir = path.join(root, 'examples', 'v11', '.generated', 'unit');
// One registry for every test, so the libraries are parsed once.
const registry = ts.createDocumentRegistry();

let count = 0;
/** Compiles `code` alone and answers its markers, as the checker does. */
function analyze(code, what = { diagnostics: true }) {
  const file = path.join(dir, `a${(count += 1)}.ts`);
  const ls = createService(ts, new Map([[file, code]]), root, registry);
  return analyzeFile(ts, ls, file, what);
}

describe('parseMarkers', () => {
  it('points a query at the nearest code line above it, and hides markers and cut setup', () => {
    const m = parseMarkers('import x from "y";\n// ---cut---\nconst a = x;\n//    ^?\n//        ^|\n// @errors: 2322, 2345');
    expect(m.queries).toEqual([
      { kind: '?', marker: 3, line: 2, column: 6 },
      { kind: '|', marker: 4, line: 2, column: 10 },
    ]);
    expect([...m.hidden].sort()).toEqual([0, 1, 3, 4, 5]);
    expect(m.expected).toEqual([2322, 2345]);
  });

  it('reports a query with no code above it and an @errors line without numbers', () => {
    const m = parseMarkers('//  ^?\n// @errors: none');
    expect(m.problems.map((p) => p.message)).toEqual([
      '// ^? has no code line above it to point into',
      '// @errors: takes TypeScript error numbers (2322 2345), got "none"',
    ]);
  });
});

describe('analyzeFile (the checker and the build)', () => {
  it('answers a query with the quick info of the name it points at', () => {
    const r = analyze('const book = { id: "b1", pages: 3 };\n//    ^?\n');
    expect(r.problems).toEqual([]);
    expect(r.queries[0].text).toBe('const book: {\n    id: string;\n    pages: number;\n}');
  });

  it('fails a query that points at nothing: past the line, at a space, or at punctuation', () => {
    for (const marker of ['//                                              ^?', '//   ^?', '//                                  ^?']) {
      const r = analyze(`const book = { id: "b1", pages: 3 };\n${marker}\n`);
      expect(r.problems, marker).toHaveLength(1);
      expect(r.problems[0].message).toMatch(/points at nothing/);
      expect(r.queries).toEqual([]);
    }
  });

  it('fails an expected error that does not occur, and accepts one that does', () => {
    const missing = analyze('// @errors: 2322\nconst n: number = 1;\n');
    expect(missing.missing).toEqual([2322]);
    const present = analyze('// @errors: 2322\nconst n: number = "one";\n');
    expect(present.missing).toEqual([]);
    expect(present.unexpected).toEqual([]);
    expect(present.errors).toEqual([
      { line: 1, column: 6, length: 1, code: 2322, message: "Type 'string' is not assignable to type 'number'." },
    ]);
  });

  it('still reports errors the block does not expect', () => {
    const r = analyze('// @errors: 2322\nconst n: number = "one";\nundefinedName;\n');
    expect(r.unexpected).toHaveLength(1);
    expect(r.unexpected[0].message).toMatch(/Cannot find name 'undefinedName'/);
  });

  it('lists completions at a `// ^|`, narrowed to the letters before the caret', () => {
    const r = analyze('const shelf = { bookById: 1, bookList: 2, addBook: 3 };\nshelf.bookById;\n//       ^|\n');
    expect(r.queries[0].completions.map((c) => c.name)).toEqual(['bookById', 'bookList']);
  });

  it('gives every visible identifier its quick info, but not hidden setup', () => {
    const r = analyze('const hidden = 1;\n// ---cut---\nconst shown = hidden + 1;\n', { identifiers: true });
    expect(r.identifiers.map((i) => [i.line, i.text])).toEqual([
      [2, 'const shown: number'],
      [2, 'const hidden: 1'],
    ]);
  });
});

describe('cleanPaths', () => {
  it('makes paths into the page project relative and paths into packages start at the package', () => {
    expect(cleanPaths('typeof import("/r/examples/v11/.generated/site/docs/a/s1/server/router")', '/r/examples/v11/.generated/site/docs/a')).toBe(
      'typeof import("./server/router")',
    );
    expect(cleanPaths('import("/r/node_modules/@trpc/server/dist/index")')).toBe('import("@trpc/server/dist/index")');
  });
});

describe('hovers computed once per distinct answer (hoverMemo)', () => {
  /** Every identifier's quick info, asked of the compiler one by one (no memo). */
  function direct(code) {
    const file = path.join(dir, `a${(count += 1)}.ts`);
    const ls = createService(ts, new Map([[file, code]]), root, registry);
    const sf = ls.getProgram().getSourceFile(file);
    const out = [];
    const visit = (node) => {
      if (ts.isImportDeclaration(node)) return;
      if (ts.isIdentifier(node)) {
        if (ts.isPartOfTypeNode(node) || (ts.isPropertyAssignment(node.parent) && node.parent.name === node)) return;
        const info = ls.getQuickInfoAtPosition(file, node.getStart(sf), MAX_QUICK_INFO);
        if (info) out.push(ts.displayPartsToString(info.displayParts));
        return;
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
    return out;
  }

  it('gives the same hovers as asking for each name', () => {
    const code = [
      'const names: string[] = ["a"];',
      'const counts: Array<number> = [1];',
      // The same member read from two instantiations: the hover names the one it is read from.
      'const total = names.length + counts.length + names.length;',
      'let value: string | number = Math.random() > 0.5 ? "x" : 1;',
      // The same variable narrowed differently, and called with different arguments.
      'if (typeof value === "string") names.push(value); else counts.push(value);',
      'const id = <T,>(x: T) => x;',
      'const s = id("s"); const n = id(1); const again = value;',
      'function inner() { const names = 1; return names + counts.length; }',
    ].join('\n');
    const expected = direct(code);
    expect(expected).toContain('(property) Array<string>.length: number');
    expect(new Set(expected.filter((t) => t.includes('.length'))).size).toBeGreaterThan(1);
    expect(expected).toContain('let value: string');
    const file = path.join(dir, `a${(count += 1)}.ts`);
    const ls = createService(ts, new Map([[file, `${code}\n`]]), root, registry);
    const r = analyzeFile(ts, ls, file, { identifiers: true });
    expect(r.identifiers.map((i) => i.text)).toEqual(expected);
  });

  it('asks once for a name that repeats with the same symbol, type and scope', () => {
    const file = path.join(dir, `a${(count += 1)}.ts`);
    const ls = createService(ts, new Map([[file, 'const t = { a: 1 };\nconst x = t.a + t.a + t.a;\n']]), root, registry);
    const sf = ls.getProgram().getSourceFile(file);
    const asked = [];
    const hover = hoverMemo(ts, ls.getProgram().getTypeChecker(), (node) => {
      asked.push(node.text);
      return ls.getQuickInfoAtPosition(file, node.getStart(sf))?.displayParts.map((p) => p.text).join('') ?? '';
    });
    const ids = [];
    const visit = (node) => {
      if (ts.isIdentifier(node)) ids.push(node);
      else ts.forEachChild(node, visit);
    };
    visit(sf);
    const texts = ids.map(hover);
    expect(texts.filter((t) => t === 'const t: {\n    a: number;\n}')).toHaveLength(4);
    // Declarations (t, a, x) are always asked; the three reads of `t` and of `t.a` once each.
    expect(asked).toEqual(['t', 'a', 'x', 't', 'a']);
  });
});

describe('tsconfigProblems', () => {
  it('accepts a tsconfig whose options go together, comments and trailing commas included', () => {
    expect(tsconfigProblems(ts, '{\n  // strict is required\n  "compilerOptions": { "strict": true, "module": "esnext", "moduleResolution": "bundler", },\n}')).toEqual([]);
  });

  it('reports options that tsc rejects together, on the line of the option it names', () => {
    expect(tsconfigProblems(ts, '{ "compilerOptions": { "strict": true, "moduleResolution": "bundler" } }')).toEqual([
      { line: 0, message: expect.stringMatching(/^TS5095: Option 'bundler' can only be used when 'module'/) },
    ]);
    expect(tsconfigProblems(ts, '{\n  "compilerOptions": {\n    "strict": true,\n    "emitDeclarationOnly": true\n  }\n}')).toEqual([
      { line: 3, message: expect.stringMatching(/^TS5069: Option 'emitDeclarationOnly' cannot be specified without/) },
    ]);
  });

  it('reports unknown options, bad values and broken JSON', () => {
    expect(tsconfigProblems(ts, '{ "compilerOptions": { "strcit": true } }')[0].message).toMatch(/^TS5025: Unknown compiler option 'strcit'. Did you mean 'strict'\?/);
    expect(tsconfigProblems(ts, '{ "compilerOptions": { "target": "es2099" } }')[0].message).toMatch(/^TS6046: Argument for '--target' option/);
    expect(tsconfigProblems(ts, '{ "compilerOptions": { "strict": true ')[0].message).toMatch(/^TS1005: '}' expected/);
    expect(tsconfigProblems(ts, '{ "compilerOptions": [] }')).toEqual([{ line: 0, message: '"compilerOptions" is not an object' }]);
  });
});
