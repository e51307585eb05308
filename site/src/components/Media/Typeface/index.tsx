import clsx from 'clsx';
import CopyButton from '@site/src/components/CopyButton';
import { media } from '@site/src/data/media';
import MediaSection, { card } from '../Section';
import styles from './styles.module.css';

/** The typeface, its weights in use, and its name to copy. */
export default function Typeface() {
  const { type } = media;
  return (
    <MediaSection id="type-title" title={type.title} intro={type.intro}>
      <div className={clsx(card.card, styles.card)}>
        <div className={styles.header}>
          <h3 className={styles.family}>{type.family}</h3>
          <CopyButton value={type.family} subject={`the font name ${type.family}`} />
        </div>
        <ul className={styles.weights}>
          {type.weights.map((w) => (
            <li key={w.weight} className={styles.weight}>
              <span className={styles.weightLabel}>{w.label}</span>
              <span className={styles.sample} style={{ fontWeight: w.weight }}>
                {type.sample}
              </span>
            </li>
          ))}
        </ul>
      </div>
    </MediaSection>
  );
}
