import type { ReactNode } from 'react';
import styles from './styles.module.css';

interface Props {
  title: string;
  lead: string;
  children?: ReactNode;
}

/** The top of a marketing page: its only h1, a lead paragraph and optional controls. */
export default function PageHeader({ title, lead, children }: Props) {
  return (
    <header className={styles.header}>
      <div className="container">
        <h1 className={styles.title}>{title}</h1>
        <p className={styles.lead}>{lead}</p>
        {children}
      </div>
    </header>
  );
}
