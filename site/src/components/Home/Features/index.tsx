import { features } from '@site/src/data/home';
import styles from './styles.module.css';

/** The library's main features, one card each, with the API name it is about. */
export default function Features() {
  return (
    <section className={styles.section} aria-labelledby="features-title">
      <div className="container">
        <h2 id="features-title" className={styles.title}>
          {features.title}
        </h2>
        <p className={styles.intro}>{features.intro}</p>
        <ul className={styles.grid}>
          {features.items.map((item) => (
            <li key={item.title} className={styles.card}>
              <h3 className={styles.cardTitle}>{item.title}</h3>
              <p className={styles.body}>{item.body}</p>
              <code className={styles.api}>{item.api}</code>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
