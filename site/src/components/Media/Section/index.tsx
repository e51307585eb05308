import type { ReactNode } from 'react';
import clsx from 'clsx';
import styles from './styles.module.css';

/** The shared card styles of the media page's sections. */
export { styles as card };

/** One section of the media page: a titled region with an optional intro paragraph. */
export default function MediaSection({
  id,
  title,
  intro,
  className,
  children,
}: {
  id: string;
  title: string;
  intro?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section className={clsx(styles.section, className)} aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {intro && <p className={styles.intro}>{intro}</p>}
      {children}
    </section>
  );
}
