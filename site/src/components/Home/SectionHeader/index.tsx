import styles from './styles.module.css';

interface Props {
  /** The heading's id, for the section's aria-labelledby. */
  id: string;
  title: string;
  lead: string;
}

/** The centred h2 and lead sentence that open a landing page section. */
export default function SectionHeader({ id, title, lead }: Props) {
  return (
    <>
      <h2 id={id} className={styles.title}>
        {title}
      </h2>
      <p className={styles.lead}>{lead}</p>
    </>
  );
}
