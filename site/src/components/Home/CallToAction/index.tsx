import { callToAction } from '@site/src/data/home';
import Actions from '../Actions';
import styles from './styles.module.css';

/** The closing invitation at the bottom of the landing page. */
export default function CallToAction() {
  return (
    <section className={styles.section} aria-labelledby="cta-title">
      <div className={`container ${styles.inner}`}>
        <h2 id="cta-title" className={styles.title}>
          {callToAction.title}
        </h2>
        <p className={styles.body}>{callToAction.body}</p>
        <Actions className={styles.actions} primary={callToAction.primary} secondary={callToAction.secondary} />
      </div>
    </section>
  );
}
