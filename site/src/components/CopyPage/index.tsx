import React, { useEffect, useState, type ReactNode } from 'react';
import styles from './styles.module.css';

type Status = 'idle' | 'copied' | 'failed';

/**
 * Puts the page's Markdown on the clipboard. The fetch starts inside the click, and the text reaches
 * the clipboard through a ClipboardItem that waits for it, so browsers that require a user gesture
 * (Safari) still accept it; writeText is the fallback.
 */
async function copyMarkdown(url: string): Promise<void> {
  const text = fetch(url).then(async (response) => {
    if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
    return response.text();
  });
  if (typeof ClipboardItem !== 'undefined' && navigator.clipboard?.write) {
    try {
      await navigator.clipboard.write([
        new ClipboardItem({ 'text/plain': text.then((t) => new Blob([t], { type: 'text/plain' })) }),
      ]);
      return;
    } catch {
      // Fall through: some browsers refuse a promised item.
    }
  }
  await navigator.clipboard.writeText(await text);
}

/** "Copy page": the page as Markdown to the clipboard, with its state announced to screen readers. */
export default function CopyPage({ markdownUrl }: { markdownUrl: string }): ReactNode {
  const [status, setStatus] = useState<Status>('idle');
  useEffect(() => {
    if (status === 'idle') return undefined;
    const timer = setTimeout(() => setStatus('idle'), 2500);
    return () => clearTimeout(timer);
  }, [status]);
  const onClick = () => {
    copyMarkdown(markdownUrl).then(
      () => setStatus('copied'),
      () => setStatus('failed'),
    );
  };
  return (
    <div className={styles.copyPage}>
      <button type="button" className={styles.button} onClick={onClick} title="Copy this page as Markdown">
        <svg aria-hidden="true" viewBox="0 0 24 24" width="16" height="16" className={styles.icon}>
          {status === 'copied' ? (
            <path d="M5 12.5l4.5 4.5L19 7.5" />
          ) : (
            <>
              <rect x="8" y="8" width="12" height="12" rx="2" />
              <path d="M16 8V6a2 2 0 0 0-2-2H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h2" />
            </>
          )}
        </svg>
        <span className={styles.label}>{status === 'copied' ? 'Copied' : 'Copy page'}</span>
      </button>
      <span role="status" className={styles.status}>
        {status === 'copied' ? 'Page copied as Markdown' : status === 'failed' ? 'Could not copy the page' : ''}
      </span>
    </div>
  );
}
