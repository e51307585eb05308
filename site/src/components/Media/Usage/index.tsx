import { media } from '@site/src/data/media';
import styles from './styles.module.css';

/** A few rules for using the logo well. */
export default function Usage() {
  const { usage } = media;
  return (
    <section className={styles.section} aria-labelledby="usage-title">
      <h2 id="usage-title">{usage.title}</h2>
      <ul className={styles.rules}>
        {usage.rules.map((rule) => (
          <li key={rule}>{rule}</li>
        ))}
      </ul>
    </section>
  );
}
