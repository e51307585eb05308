import React from 'react';
import demo from '@code-types-demo';
import CodeTypes from '@site/src/components/CodeTypes';
import { hero } from '@site/src/data/home';
import styles from './styles.module.css';

/** The letter an editor's completion list shows before a name of each kind (TypeScript's kind names). */
const KIND_LETTER: Record<string, string> = { property: 'P', method: 'M', function: 'F' };

/**
 * The editor picture beside the hero: the client call of src/data/home-demo/client.ts with the
 * completion list and result type the TypeScript compiler gives there, computed when the site builds
 * (config/codeTypes.ts). Identifiers show their types on hover or tap, like code blocks in the docs.
 * Static markup and CSS; the only script is the site-wide hover module.
 */
export default function TypedCall() {
  const { illustration } = hero;
  const { completions } = demo;
  const current = demo.lines[completions.line] ?? '';
  // Under the word it completes, but never pushed past the edge of a narrow screen.
  const indent = `min(${completions.column}ch, calc(100% - 11.5rem))`;
  const word = /^[\w$]+/.exec(current.replace(/<[^>]+>/g, '').replace(/&[^;]+;/g, '.').slice(completions.column))?.[0];
  return (
    <figure className={styles.figure}>
      <div className={styles.window} data-code-demo="">
        <div className={styles.fileName}>{demo.fileName}</div>
        <pre className={styles.code}>
          <code>
            {demo.lines.map((line, i) => (
              <React.Fragment key={i}>
                <span className={styles.line} dangerouslySetInnerHTML={{ __html: line }} />
                {i === completions.line && (
                  <span className={styles.completions} style={{ paddingLeft: indent }}>
                    <span className={styles.list} role="list" aria-label="Completions the editor offers here">
                      {completions.items.map((item) => (
                        <span
                          key={item.name}
                          role="listitem"
                          className={styles.item}
                          data-kind={item.kind}
                          aria-current={item.name === word ? 'true' : undefined}>
                          <span className={styles.kind} aria-hidden="true">
                            {KIND_LETTER[item.kind] ?? '•'}
                          </span>
                          {item.name}
                        </span>
                      ))}
                    </span>
                  </span>
                )}
              </React.Fragment>
            ))}
          </code>
        </pre>
        <div className={styles.tooltip}>
          <code>{demo.query}</code>
        </div>
      </div>
      <figcaption className={styles.caption}>{illustration.caption}</figcaption>
      <CodeTypes types={JSON.stringify(demo.types)} />
    </figure>
  );
}
