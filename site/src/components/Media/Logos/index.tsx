import clsx from 'clsx';
import VisuallyHidden from '@site/src/components/VisuallyHidden';
import { media } from '@site/src/data/media';
import MediaSection, { card } from '../Section';
import styles from './styles.module.css';

/** Each logo file on the background it is made for, with a download link. */
export default function Logos() {
  const { logos } = media;
  return (
    <MediaSection id="logos-title" title={logos.title} intro={logos.intro} className={styles.section}>
      <ul className={clsx(card.cardGrid, styles.grid)}>
        {logos.items.map((asset) => (
          <li key={asset.file} className={card.card}>
            <div className={clsx(styles.preview, styles[asset.background])}>
              <img src={asset.file} alt="" width={asset.width} height={asset.height} loading="lazy" />
            </div>
            <div className={clsx(card.meta, styles.meta)}>
              <h3 className={card.name}>{asset.name}</h3>
              <p className={card.note}>{asset.description}</p>
              <a className={clsx('button button--outline button--primary', styles.download)} href={asset.file} download>
                {logos.downloadLabel}
                <VisuallyHidden>: {asset.name}</VisuallyHidden>
              </a>
            </div>
          </li>
        ))}
      </ul>
    </MediaSection>
  );
}
