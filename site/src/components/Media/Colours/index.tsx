import clsx from 'clsx';
import CopyButton from '@site/src/components/CopyButton';
import { media } from '@site/src/data/media';
import MediaSection, { card } from '../Section';
import styles from './styles.module.css';

/** The brand colour and the two text shades, each with its hex value to copy. */
export default function Colours() {
  const { colours } = media;
  return (
    <MediaSection id="colours-title" title={colours.title} intro={colours.intro}>
      <ul className={clsx(card.cardGrid, styles.grid)}>
        {colours.items.map((swatch) => (
          <li key={swatch.value} className={card.card}>
            <div className={styles.chip} style={{ background: swatch.value, color: swatch.ink }}>
              <span aria-hidden="true">{colours.sample}</span>
            </div>
            <div className={card.meta}>
              <h3 className={card.name}>{swatch.name}</h3>
              <p className={card.note}>{swatch.use}</p>
              <div className={styles.valueRow}>
                <code>{swatch.value}</code>
                <CopyButton value={swatch.value} subject={`${swatch.name} ${swatch.value}`} />
              </div>
            </div>
          </li>
        ))}
      </ul>
    </MediaSection>
  );
}
