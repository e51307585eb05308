/**
 * (CUSTOM) The theme's DocNavbarItem with one change: it is active only on the page (or section) it
 * links to, not on every doc of the same sidebar (./navbarDocMatch.ts). The theme passes its own
 * `isActive` after the item's props, so this cannot be a wrapper.
 */
import React, { type ReactNode } from 'react';
import { useActiveDocContext, useLayoutDoc } from '@docusaurus/plugin-content-docs/client';
import DefaultNavbarItem from '@theme/NavbarItem/DefaultNavbarItem';
import type { Props as OriginalProps } from '@theme/NavbarItem/DocNavbarItem';
import { docItemMatches } from './navbarDocMatch';

type Props = OriginalProps & { activeDocIdPrefix?: string };

export default function DocNavbarItem({ docId, label: staticLabel, docsPluginId, activeDocIdPrefix, ...props }: Props): ReactNode {
  const { activeDoc, activeVersion } = useActiveDocContext(docsPluginId);
  const doc = useLayoutDoc(docId, docsPluginId);
  const pageActive = activeDoc?.path === doc?.path;
  // Draft and unlisted items are not displayed in the navbar.
  if (doc === null || (doc.unlisted && !pageActive)) return null;
  // The link goes to this version's doc when the active version has it; only then can it be "here".
  const linksHere = !!activeVersion?.docs.some((d) => d.path === doc.path);
  return (
    <DefaultNavbarItem
      exact
      {...props}
      isActive={() => pageActive || (linksHere && docItemMatches({ docId, activeDocIdPrefix }, activeDoc?.id))}
      label={staticLabel ?? doc.id}
      to={doc.path}
    />
  );
}
