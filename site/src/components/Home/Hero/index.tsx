import CopyButton from '@site/src/components/CopyButton';
import TypedCall from '@site/src/components/Home/TypedCall';
import { hero } from '@site/src/data/home';
import Actions from '../Actions';
import styles from './styles.module.css';

/** The landing page's first screen: tagline, calls to action, install command and a typed call. */
export default function Hero() {
  return (
    <header className={styles.hero}>
      <div className={`container ${styles.inner}`}>
        <div className={styles.text}>
          <h1 className={styles.title}>{hero.title}</h1>
          <p className={styles.subtitle}>{hero.subtitle}</p>
          <Actions className={styles.actions} primary={hero.primary} secondary={hero.secondary} />
          <div className={styles.install}>
            <code className={styles.command}>
              <span className={styles.prompt} aria-hidden="true">
                ${' '}
              </span>
              {hero.install}
            </code>
            <CopyButton value={hero.install} subject={hero.installSubject} />
          </div>
        </div>
        <TypedCall />
      </div>
    </header>
  );
}
