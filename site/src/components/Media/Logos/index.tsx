import clsx from 'clsx';
import VisuallyHidden from '@site/src/components/VisuallyHidden';
import { media } from '@site/src/data/media';
import styles from './styles.module.css';

/** Each logo file on the background it is made for, with a download link. */
export default function Logos() {
  const { logos } = media;
  return (
    <section className={styles.section} aria-labelledby="logos-title">
      <h2 id="logos-title">{logos.title}</h2>
      <p className={styles.intro}>{logos.intro}</p>
      <ul className={styles.grid}>
        {logos.items.map((asset) => (
          <li key={asset.file} className={styles.card}>
            <div className={clsx(styles.preview, styles[asset.background])}>
              <img src={asset.file} alt="" width={asset.width} height={asset.height} loading="lazy" />
            </div>
            <div className={styles.meta}>
              <h3 className={styles.name}>{asset.name}</h3>
              <p className={styles.description}>{asset.description}</p>
              <a className="button button--outline button--primary button--sm" href={asset.file} download>
                {logos.downloadLabel}
                <VisuallyHidden>: {asset.name}</VisuallyHidden>
              </a>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
