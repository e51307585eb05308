import CopyButton from '@site/src/components/CopyButton';
import { media } from '@site/src/data/media';
import styles from './styles.module.css';

/** The brand colour and the two text shades, each with its hex value to copy. */
export default function Colours() {
  const { colours } = media;
  return (
    <section className={styles.section} aria-labelledby="colours-title">
      <h2 id="colours-title">{colours.title}</h2>
      <p className={styles.intro}>{colours.intro}</p>
      <ul className={styles.grid}>
        {colours.items.map((swatch) => (
          <li key={swatch.value} className={styles.card}>
            <div className={styles.chip} style={{ background: swatch.value, color: swatch.ink }}>
              <span aria-hidden="true">{colours.sample}</span>
            </div>
            <div className={styles.meta}>
              <h3 className={styles.name}>{swatch.name}</h3>
              <p className={styles.use}>{swatch.use}</p>
              <div className={styles.valueRow}>
                <code>{swatch.value}</code>
                <CopyButton value={swatch.value} subject={`${swatch.name} ${swatch.value}`} />
              </div>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
