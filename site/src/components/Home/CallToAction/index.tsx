import Link from '@docusaurus/Link';
import { callToAction } from '@site/src/data/home';
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
        <div className={styles.actions}>
          <Link className="button button--primary button--lg" to={callToAction.primary.to}>
            {callToAction.primary.label}
          </Link>
          <Link className="button button--outline button--primary button--lg" to={callToAction.secondary.to}>
            {callToAction.secondary.label}
          </Link>
        </div>
      </div>
    </section>
  );
}
