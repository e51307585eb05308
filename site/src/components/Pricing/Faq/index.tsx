import { pricing } from '@site/src/data/pricing';
import styles from './styles.module.css';

/** Short answers to the questions people ask before choosing a plan. */
export default function Faq() {
  const { faq } = pricing;
  return (
    <section className={styles.section} aria-labelledby="faq-title">
      <div className={`container ${styles.inner}`}>
        <h2 id="faq-title" className={styles.title}>
          {faq.title}
        </h2>
        <dl className={styles.list}>
          {faq.items.map((item) => (
            <div key={item.q} className={styles.item}>
              <dt className={styles.question}>{item.q}</dt>
              <dd className={styles.answer}>{item.a}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
