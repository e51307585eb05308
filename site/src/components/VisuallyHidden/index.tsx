import type { ReactNode } from 'react';
import styles from './styles.module.css';

/** Text for screen readers only: it completes a visible label or names a control's context. */
export default function VisuallyHidden({ children }: { children: ReactNode }) {
  return <span className={styles.hidden}>{children}</span>;
}
