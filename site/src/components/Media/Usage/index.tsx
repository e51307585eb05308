import { media } from '@site/src/data/media';
import MediaSection from '../Section';
import styles from './styles.module.css';

/** A few rules for using the logo well. */
export default function Usage() {
  const { usage } = media;
  return (
    <MediaSection id="usage-title" title={usage.title} className={styles.section}>
      <ul className={styles.rules}>
        {usage.rules.map((rule) => (
          <li key={rule}>{rule}</li>
        ))}
      </ul>
    </MediaSection>
  );
}
