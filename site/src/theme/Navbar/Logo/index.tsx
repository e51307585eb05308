/**
 * (CUSTOM) Wraps the navbar logo: a right-click (context menu) on the brand opens the media kit at
 * /media, where the logo files live, instead of the browser's "save image" menu.
 */
import React, { type ReactNode } from 'react';
import { useHistory } from '@docusaurus/router';
import Logo from '@theme-original/Navbar/Logo';
import styles from './styles.module.css';

export default function NavbarLogoWrapper(): ReactNode {
  const history = useHistory();
  return (
    <div
      className={styles.contents}
      onContextMenu={(event) => {
        event.preventDefault();
        history.push('/media');
      }}>
      <Logo />
    </div>
  );
}
