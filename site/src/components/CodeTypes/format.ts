/**
 * Separates a line's highlighted code from what is shown under it (type queries, expected errors,
 * completion lists) inside a line of `data-code-html` (see config/codeTypes.ts).
 */
export const EXTRAS = '\u001f';

/** A line of `data-code-html` as [code, extras]; extras is '' for a plain line. */
export function splitExtras(line: string): [string, string] {
  const i = line.indexOf(EXTRAS);
  return i < 0 ? [line, ''] : [line.slice(0, i), line.slice(i + 1)];
}

/**
 * What a block shows, for its height before the browser draws it (`content-visibility: auto`, see
 * src/theme/CodeBlock/Content): lines of text (code, the lines of each answer or error, one per
 * completion) and the boxes that hold answers, errors and completion lists (each adds its margin and
 * padding, src/components/CodeTypes/styles.css).
 */
export function blockSize(lines: [string, string][]): { lines: number; boxes: number } {
  let text = 0;
  let boxes = 0;
  for (const [, extras] of lines) {
    text += 1;
    if (!extras) continue;
    const completions = extras.split('class="code-completion"').length - 1;
    const answers = extras.match(/class="code-(?:query|error)"/g)?.length ?? 0;
    const lists = extras.match(/class="code-completions"/g)?.length ?? 0;
    boxes += answers + lists;
    // An answer's text keeps its line breaks (as character references); a list has a line per entry.
    text += answers + (extras.replace(/<[^>]*>/g, '').split(/\n|&#10;/).length - 1) + completions;
  }
  return { lines: text, boxes };
}
