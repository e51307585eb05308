/**
 * Where a long name may wrap: after punctuation that separates its parts (`/`, `.`, `,`, `(`, `|`,
 * `<`, and `_` after a letter or digit), and at the humps of camelCase (`create|HTTP|Server`, never
 * after a single capital: `TContext` stays whole). Used at build time for tables and headings
 * (config/rehypeTables.ts) and by the heading component for titles the theme renders
 * (src/theme/Heading).
 */
const SEPARATOR = /(?<=[/.,(|<]|[A-Za-z0-9]_)(?=[^\s/.,)|>_])/;
const HUMP = /(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z]{2})(?=[A-Z][a-z])/;
const BREAK = new RegExp(`${SEPARATOR.source}|${HUMP.source}`, 'g');

/** A word this long may not fit a phone's line at heading size, or a narrow table column. */
export const LONG_WORD = 14;

export function breakCode(text: string): string[] {
  return text.split(BREAK);
}

/**
 * The text in pieces, a break allowed between two pieces: only inside words (runs without white
 * space) of LONG_WORD characters or more. A shorter name fits any column and any phone line whole,
 * and breaking it only makes it harder to read: with a long union beside it in a parameters table,
 * `opts.cause?` broke after the dot at 1280 px.
 */
export function breakPieces(value: string): string[] {
  return breakPiecesByKind(value).map(({ text }) => text);
}

/**
 * breakPieces, with the kind of break before each piece after the first: `hump` inside a camelCase
 * name, `separator` after punctuation. Tables hide hump breaks on wide screens (src/css/custom.css),
 * where a name such as `createExpressMiddleware` fits a column whole and reads better on one line
 * than split as "createExpress / Middleware" with room for all of it on the next.
 */
export function breakPiecesByKind(value: string): { text: string; hump: boolean }[] {
  const out: { text: string; hump: boolean }[] = [];
  let text = '';
  let hump = false;
  for (const token of value.split(/(\s+)/)) {
    const parts =
      token.length >= LONG_WORD
        ? token.split(SEPARATOR).flatMap((part) => part.split(HUMP).map((piece, j) => ({ piece, hump: j > 0 })))
        : [{ piece: token, hump: false }];
    parts.forEach((part, i) => {
      if (i > 0) {
        out.push({ text, hump });
        text = '';
        hump = part.hump;
      }
      text += part.piece;
    });
  }
  out.push({ text, hump });
  return out;
}
