import React, { type CSSProperties, type ReactNode } from 'react';
import clsx from 'clsx';
import { useCodeBlockContext } from '@docusaurus/theme-common/internal';
import type { Props } from '@theme/CodeBlock/Content';
import { useCodeHtml } from '@site/src/components/CodeHighlight/context';
import { shownLinesHtml } from '@site/src/components/CodeHighlight/lines';
import { blockSize, splitExtras } from '@site/src/components/CodeTypes/format';
import styles from './styles.module.css';

/**
 * The lines of a code block, from the HTML highlighted at build time. A block without line numbers or
 * highlighted lines (almost all of them) is one HTML string, which React hydrates as a single node;
 * otherwise each line is an element carrying the theme's line classes. What the compiler shows under a
 * line (a `// ^?` answer, an expected error; config/codeTypes.ts) follows the line's element.
 *
 * `--code-lines` and `--code-boxes` size the block while the browser skips rendering it off screen
 * (`content-visibility: auto` in styles.module.css).
 */
export default function CodeBlockContent({ className }: Props): ReactNode {
  const { metadata, wordWrap } = useCodeBlockContext();
  const html = useCodeHtml();
  const lines = shownLinesHtml(html, metadata.codeInput, metadata.code);
  const numbered = metadata.lineNumbersStart !== undefined;
  const plain = !numbered && Object.keys(metadata.lineClassNames).length === 0;
  const split = lines.map(splitExtras);
  const size = blockSize(split);
  return (
    <pre
      ref={wordWrap.codeBlockRef}
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- scrollable region, as in the theme
      tabIndex={0}
      className={clsx(className, 'prism-code', `language-${metadata.language}`, styles.pre, 'thin-scrollbar')}
      style={{ '--code-lines': size.lines, '--code-boxes': size.boxes } as CSSProperties}>
      {plain ? (
        <code
          className={styles.lines}
          dangerouslySetInnerHTML={{
            __html: split.map(([code, extras]) => `<div class="token-line">${code}<br></div>${extras}`).join(''),
          }}
        />
      ) : (
        <code
          className={clsx(styles.lines, numbered && styles.numbered)}
          style={numbered ? { counterReset: `line-count ${metadata.lineNumbersStart! - 1}` } : undefined}>
          {split.map(([code, extras], i) => (
            <React.Fragment key={i}>
              <div className={clsx('token-line', metadata.lineClassNames[i], numbered && styles.line)}>
                {numbered && <span className={styles.number} />}
                <span className={numbered ? styles.text : undefined} dangerouslySetInnerHTML={{ __html: code }} />
                <br />
              </div>
              {extras && (
                <div className={numbered ? styles.extras : undefined}>
                  {numbered && <span className={styles.extrasGutter} />}
                  <span dangerouslySetInnerHTML={{ __html: extras }} />
                </div>
              )}
            </React.Fragment>
          ))}
        </code>
      )}
    </pre>
  );
}
