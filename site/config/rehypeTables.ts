/**
 * Makes Markdown tables fit their column (src/css/custom.css, "Tables").
 *
 * Inline code in a cell gets break opportunities (`<wbr>`) after `/`, `.`, `,`, `(`, `|`, `<` and `_`, and
 * between the humps of a camelCase name, inside names of 14 characters or more, so
 * `@trpc/server/adapters/standalone` or `awsLambdaRequestHandler` wrap at a boundary instead of
 * widening the table or breaking mid-word, while `opts.cause?` stays whole. Such code elements carry
 * `data-wrap`, so the theme keeps them inline. In a cell that is a sentence with code in it, of a table
 * of at most three columns, the breaks at humps carry the class `hump`: on wide screens the CSS hides them, since such a column
 * fits a name whole and a greedy line break split "(awsLambdaRequestHandler)" as "(aws" /
 * "LambdaRequestHandler)" with room for all of it on the next line. A cell of code alone (a type
 * column) keeps them everywhere: desktop option tables need them to fit.
 *
 * And it prepares tables for a stacked layout on phones: every body
 * cell of a table with a header row and at least three columns gets `data-label` with its column's
 * header text, which the stacked layout shows before the cell, and the table gets `data-stack` (the
 * first header may be empty: that column is each card's title).
 * Because a table whose CSS `display` changes can lose its table semantics in some screen readers,
 * those tables also carry the explicit table roles.
 *
 * Headings (h1 to h3) get the same break points, in text and code, inside words of 14 characters or
 * more only: on a phone, `Class: TRPCUntypedClient<…>` broke as "TRPCUnty / pedClient".
 */
import { breakPiecesByKind } from '../src/text/breakPoints';

export { breakCode } from '../src/text/breakPoints';

interface HastNode {
  type: string;
  tagName?: string;
  value?: string;
  properties?: Record<string, unknown>;
  children?: HastNode[];
}

const MIN_COLUMNS = 3;

function text(node: HastNode): string {
  if (node.type === 'text') return node.value ?? '';
  return (node.children ?? []).map(text).join('');
}

function elements(node: HastNode, tagName: string): HastNode[] {
  return (node.children ?? []).filter((child) => child.type === 'element' && child.tagName === tagName);
}

function setRole(node: HastNode, role: string): void {
  node.properties = { ...node.properties, role };
}

export function labelTable(table: HastNode): void {
  const [thead] = elements(table, 'thead');
  const [headRow] = thead ? elements(thead, 'tr') : [];
  const headers = headRow ? elements(headRow, 'th').map((th) => text(th).trim()) : [];
  // The first column may have no header (a comparison table's row names): on phones its cell is the
  // card's title, shown without a label. Any other column needs its name.
  if (headers.length < MIN_COLUMNS || headers.slice(1).some((h) => h === '')) return;
  table.properties = { ...table.properties, dataStack: '' };
  setRole(table, 'table');
  for (const group of [...elements(table, 'thead'), ...elements(table, 'tbody')]) {
    setRole(group, 'rowgroup');
    for (const row of elements(group, 'tr')) {
      setRole(row, 'row');
      for (const th of elements(row, 'th')) setRole(th, 'columnheader');
      elements(row, 'td').forEach((td, i) => {
        setRole(td, 'cell');
        if (headers[i]) td.properties = { ...td.properties, dataLabel: headers[i] };
      });
    }
  }
}

/** A break point; one inside a camelCase name is `wbr.hump` (tables hide those on wide screens). */
const wbr = (hump: boolean): HastNode => ({ type: 'element', tagName: 'wbr', properties: hump ? { className: ['hump'] } : {}, children: [] });

/** Text split where it may wrap: inside its long words only (see breakPiecesByKind). */
function breakText(value: string, markHumps: boolean): HastNode[] {
  return breakPiecesByKind(value).flatMap(({ text, hump }, i): HastNode[] => [...(i > 0 ? [wbr(markHumps && hump)] : []), { type: 'text', value: text }]);
}

/**
 * Tables of at most this many columns give a sentence cell room for a long name on desktop; with more
 * (the adapters overview has five), even a sentence cell is narrow: `awsLambdaStreamingRequestHandler`
 * unbroken widened it past the article at 1280 px.
 */
const WIDE_COLUMNS_UP_TO = 3;

/** The number of columns of a table: the cells of its first row. */
function columns(table: HastNode): number {
  const rows = [...elements(table, 'thead'), ...elements(table, 'tbody')].flatMap((group) => elements(group, 'tr'));
  const first = rows[0] ?? elements(table, 'tr')[0];
  return first ? (first.children ?? []).filter((c) => c.type === 'element' && (c.tagName === 'td' || c.tagName === 'th')).length : 0;
}

/** The text of a node outside its `code` elements. */
function proseText(node: HastNode): string {
  if (node.type === 'text') return node.value ?? '';
  if (node.type === 'element' && node.tagName === 'code') return '';
  return (node.children ?? []).map(proseText).join('');
}

/**
 * Whether a cell is a sentence with code in it ("Mount it (`createExpressMiddleware`).") rather than
 * code alone (`string | undefined`, `` `a` \| `b` ``): such a cell is a wide column's, where a name
 * fits whole, so its hump breaks are marked for wide screens to hide.
 */
function isProseCell(cell: HastNode): boolean {
  return /[\p{L}\p{N}]/u.test(proseText(cell));
}

/**
 * Break points in code (tables) or in all text (headings: `inText`). `markHumps`: the breaks inside
 * camelCase names are `wbr.hump` (inside a prose cell of a table); `proseCells`: the table is narrow
 * enough in columns for its prose cells to get them.
 */
function addBreaks(node: HastNode, inCode: boolean, inText = false, markHumps = false, proseCells = false): void {
  if (!node.children) return;
  node.children = node.children.flatMap((child): HastNode[] => {
    if ((inCode || inText) && child.type === 'text') return breakText(child.value ?? '', markHumps);
    const isCode = child.type === 'element' && child.tagName === 'code';
    // The theme renders `code` with element children as a code block; this mark keeps it inline
    // (src/theme/MDXComponents.tsx).
    if (isCode) child.properties = { ...child.properties, dataWrap: '' };
    const isCell = child.type === 'element' && (child.tagName === 'td' || child.tagName === 'th');
    addBreaks(child, inCode || isCode, inText, isCell ? proseCells && isProseCell(child) : markHumps, proseCells);
    return [child];
  });
}

const HEADINGS = new Set(['h1', 'h2', 'h3']);

function visit(node: HastNode): void {
  if (node.type === 'element' && node.tagName === 'table') {
    labelTable(node);
    addBreaks(node, false, false, false, columns(node) <= WIDE_COLUMNS_UP_TO);
    return;
  }
  // A long name in a heading (`TRPCUntypedClient`, `createTRPCQueryUtils`) breaks at a hump of its
  // camelCase rather than at whatever letter reaches the edge.
  if (node.type === 'element' && HEADINGS.has(node.tagName!)) {
    addBreaks(node, false, true);
    return;
  }
  node.children?.forEach(visit);
}

export default function rehypeTables() {
  return (tree: HastNode) => visit(tree);
}
