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
