import { useEffect, useRef, useState } from 'react';
import clsx from 'clsx';
import VisuallyHidden from '@site/src/components/VisuallyHidden';
import { copyLabels } from '@site/src/data/ui';
import styles from './styles.module.css';

type Status = 'idle' | 'done' | 'failed';

interface Props {
  /** The text put on the clipboard. */
  value: string;
  /** Names what is copied for screen readers when the value alone is unclear ("Copy" + this). */
  subject?: string;
  className?: string;
}

/**
 * A button that copies one value. The visible label turns to "Copied" for two seconds, and a polite
 * live region announces the result, so keyboard and screen-reader users get the same feedback.
 */
export default function CopyButton({ value, subject = value, className }: Props) {
  const [status, setStatus] = useState<Status>('idle');
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setStatus('done');
    } catch {
      setStatus('failed');
    }
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setStatus('idle'), 2000);
  }

  const announcement =
    status === 'done' ? copyLabels.announceDone(value) : status === 'failed' ? copyLabels.announceFailed : '';

  return (
    <span className={clsx(styles.wrapper, className)}>
      <button type="button" className={styles.button} data-status={status} onClick={copy}>
        {copyLabels[status]}
        <VisuallyHidden> {subject}</VisuallyHidden>
      </button>
      <span role="status" aria-live="polite">
        <VisuallyHidden>{announcement}</VisuallyHidden>
      </span>
    </span>
  );
}
