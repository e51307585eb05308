import { hero } from '@site/src/data/home';
import styles from './styles.module.css';

/**
 * A static picture of an editor: the client call from step 3 and the result type the editor infers.
 * Plain markup and CSS, so it costs no JavaScript beyond React's render.
 */
export default function TypedCall() {
  const { illustration } = hero;
  return (
    <figure className={styles.figure}>
      <div className={styles.window}>
        <div className={styles.fileName}>{illustration.fileName}</div>
        <pre className={styles.code}>
          <code>
            {illustration.lines.map((line, i) => (
              <span key={i} className={styles.line}>
                {line.map((token, j) => (
                  <span key={j} className={styles[token.kind]}>
                    {token.text}
                  </span>
                ))}
              </span>
            ))}
          </code>
        </pre>
        <div className={styles.tooltip}>
          <code>{illustration.tooltip}</code>
        </div>
      </div>
      <figcaption className={styles.caption}>{illustration.caption}</figcaption>
    </figure>
  );
}
