/**
 * (CUSTOM) The theme's DocSidebarNavbarItem with one change: "Docs" is active on the docs of its
 * sidebar that no `doc` item of the navbar claims (Quickstart, Awesome Collection, Using Next.js), so
 * at most one left link is highlighted (./navbarDocMatch.ts).
 */
import React, { type ReactNode } from 'react';
import { useActiveDocContext, useLayoutDocsSidebar } from '@docusaurus/plugin-content-docs/client';
import { useThemeConfig } from '@docusaurus/theme-common';
import DefaultNavbarItem from '@theme/NavbarItem/DefaultNavbarItem';
import type { Props } from '@theme/NavbarItem/DocSidebarNavbarItem';
import { someDocItemMatches, type DocLinkItem } from './navbarDocMatch';

export default function DocSidebarNavbarItem({ sidebarId, label, docsPluginId, ...props }: Props): ReactNode {
  const { activeDoc } = useActiveDocContext(docsPluginId);
  const sidebarLink = useLayoutDocsSidebar(sidebarId, docsPluginId).link;
  const items = useThemeConfig().navbar.items as DocLinkItem[];
  if (!sidebarLink) {
    throw new Error(`DocSidebarNavbarItem: Sidebar with ID "${sidebarId}" doesn't have anything to be linked to.`);
  }
  return (
    <DefaultNavbarItem
      exact
      {...props}
      isActive={() => activeDoc?.sidebar === sidebarId && !someDocItemMatches(items, activeDoc?.id)}
      label={label ?? sidebarLink.label}
      to={sidebarLink.path}
    />
  );
}
