/**
 * (CUSTOM) The docs version dropdown, ejected from @docusaurus/theme-classic 3.10.2 with one change:
 * when the other version has no doc with the current doc's id, the link goes to the equivalent doc of
 * `src/versions/equivalentDocs.ts` (11.x `server/routers` → 9.x `router`) before it falls back to the
 * version's main doc. The theme computes the target inside this component and offers no hook for it,
 * so a wrapper cannot change it; everything else (labels, preferred version, ?search#hash kept, the
 * mobile label) is the theme's code, unchanged. Re-check against the theme's file when upgrading.
 */
import React, { type ReactNode } from 'react';
import {
  useVersions,
  useActiveDocContext,
  useDocsVersionCandidates,
  useDocsPreferredVersion,
  type GlobalVersion,
  type GlobalDoc,
  type ActiveDocContext,
} from '@docusaurus/plugin-content-docs/client';
import { translate } from '@docusaurus/Translate';
import { useHistorySelector } from '@docusaurus/theme-common';
import DefaultNavbarItem from '@theme/NavbarItem/DefaultNavbarItem';
import DropdownNavbarItem from '@theme/NavbarItem/DropdownNavbarItem';
import type { Props, PropVersions, PropVersionItem } from '@theme/NavbarItem/DocsVersionDropdownNavbarItem';
import type { LinkLikeNavbarItemProps } from '@theme/NavbarItem';
import { equivalentDocId } from '../../versions/equivalentDocs';

type VersionItem = { version: GlobalVersion; label: string };

function getVersionItems(versions: GlobalVersion[], configs?: PropVersions): VersionItem[] {
  if (!configs) return versions.map((version) => ({ version, label: version.label }));
  const versionMap = new Map(versions.map((version) => [version.name, version]));
  const toVersionItem = (name: string, config?: PropVersionItem): VersionItem => {
    const version = versionMap.get(name);
    if (!version) {
      throw new Error(`No docs version exist for name '${name}', please verify your 'docsVersionDropdown' navbar item versions config.
Available version names:\n- ${versions.map((v) => `${v.name}`).join('\n- ')}`);
    }
    return { version, label: config?.label ?? version.label };
  };
  return Array.isArray(configs)
    ? configs.map((name) => toVersionItem(name, undefined))
    : Object.entries(configs).map(([name, config]) => toVersionItem(name, config));
}

function getVersionMainDoc(version: GlobalVersion): GlobalDoc {
  return version.docs.find((doc) => doc.id === version.mainDocId)!;
}

/** The same doc in `version`; else the equivalent doc of the map; else the version's main doc. */
function getVersionTargetDoc(version: GlobalVersion, activeDocContext: ActiveDocContext): GlobalDoc {
  const sameId = activeDocContext.alternateDocVersions[version.name];
  if (sameId) return sameId;
  const { activeDoc, activeVersion } = activeDocContext;
  if (activeDoc && activeVersion) {
    const id = equivalentDocId(activeVersion.name, activeDoc.id, version.name);
    const equivalent = id === undefined ? undefined : version.docs.find((doc) => doc.id === id);
    if (equivalent) return equivalent;
  }
  return getVersionMainDoc(version);
}

export default function DocsVersionDropdownNavbarItem({
  mobile,
  docsPluginId,
  dropdownActiveClassDisabled,
  dropdownItemsBefore,
  dropdownItemsAfter,
  versions: configs,
  ...props
}: Props): ReactNode {
  const search = useHistorySelector((history) => history.location.search);
  const hash = useHistorySelector((history) => history.location.hash);
  const activeDocContext = useActiveDocContext(docsPluginId);
  const { savePreferredVersionName } = useDocsPreferredVersion(docsPluginId);
  const versionItems = getVersionItems(useVersions(docsPluginId), configs);
  // The order of the candidates matters: the active version, then the preferred one, then the latest.
  const candidates = useDocsVersionCandidates(docsPluginId);
  const displayedVersionItem =
    candidates
      .map((candidate) => versionItems.find((item) => item.version === candidate))
      .find((item) => item !== undefined) ?? versionItems[0]!;

  function versionItemToLink({ version, label }: VersionItem): LinkLikeNavbarItemProps {
    const targetDoc = getVersionTargetDoc(version, activeDocContext);
    return {
      label,
      // preserve ?search#hash suffix on version switches
      to: `${targetDoc.path}${search}${hash}`,
      isActive: () => version === activeDocContext.activeVersion,
      onClick: () => savePreferredVersionName(version.name),
    };
  }

  const items: LinkLikeNavbarItemProps[] = [
    ...dropdownItemsBefore,
    ...versionItems.map(versionItemToLink),
    ...dropdownItemsAfter,
  ];

  const dropdownLabel =
    mobile && items.length > 1
      ? translate({
          id: 'theme.navbar.mobileVersionsDropdown.label',
          message: 'Versions',
          description: 'The label for the navbar versions dropdown on mobile view',
        })
      : displayedVersionItem.label;

  const dropdownTo =
    mobile && items.length > 1
      ? undefined
      : getVersionTargetDoc(displayedVersionItem.version, activeDocContext).path;

  if (items.length <= 1) {
    return (
      <DefaultNavbarItem
        {...props}
        mobile={mobile}
        label={dropdownLabel}
        to={dropdownTo}
        isActive={dropdownActiveClassDisabled ? () => false : undefined}
      />
    );
  }

  return (
    <DropdownNavbarItem
      {...props}
      mobile={mobile}
      label={dropdownLabel}
      to={dropdownTo}
      items={items}
      isActive={dropdownActiveClassDisabled ? () => false : undefined}
    />
  );
}
