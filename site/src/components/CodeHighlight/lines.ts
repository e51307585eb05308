/**
 * Matching the build-time highlighted lines of a code block (one HTML string per line of the block as
 * written) to the lines the theme shows: the theme drops magic-comment lines (`// highlight-next-line`)
 * and the final line break, so the shown lines are the written ones minus some whole lines.
 */

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => ESCAPES[c]!);
}

function splitLines(code: string): string[] {
  return code.replace(/\r?\n$/, '').split(/\r?\n/);
}

/**
 * The HTML of each shown line. `html` is the `data-code-html` property (lines joined with "\n"),
 * `written` the block's text as written, `shown` the text the theme displays. When the three do not
 * line up (a block edited by hand, or no highlighting was computed), the shown lines come back escaped
 * and unhighlighted rather than wrong.
 */
export function shownLinesHtml(html: string | undefined, written: string, shown: string): string[] {
  const shownLines = splitLines(shown);
  const plain = () => shownLines.map(escapeHtml);
  if (html === undefined) return plain();
  const writtenLines = splitLines(written);
  const htmlLines = html.split('\n');
  if (htmlLines.length !== writtenLines.length) return plain();
  if (writtenLines.length === shownLines.length) return htmlLines;
  const result: string[] = [];
  let w = 0;
  for (const line of shownLines) {
    while (w < writtenLines.length && writtenLines[w] !== line) w += 1;
    if (w === writtenLines.length) return plain();
    result.push(htmlLines[w]!);
    w += 1;
  }
  return result;
}
