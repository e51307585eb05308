import SectionHeader from '@site/src/components/Home/SectionHeader';
import { features } from '@site/src/data/home';
import styles from './styles.module.css';

/** The library's main features, one card each, with the API name it is about. */
export default function Features() {
  return (
    <section className={styles.section} aria-labelledby="features-title">
      <div className="container">
        <SectionHeader id="features-title" title={features.title} lead={features.intro} />
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
