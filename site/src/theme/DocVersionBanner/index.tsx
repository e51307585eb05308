/**
 * (CUSTOM) Wraps the version banner.
 * - The current version (11.x) is also the latest, so the theme's second line, "see the latest version
 *   (11.x)", would link a page to itself: for the current version this renders only the unreleased
 *   notice, with the theme's classes and translation id.
 * - On an older page whose topic has another doc id in the latest version (9.x `router`, 11.x
 *   `server/routers`), the "latest version" link goes to that page, from `src/versions/equivalentDocs.ts`,
 *   instead of the latest version's introduction. The markup and translation ids are the theme's.
 * Every other banner is the theme's, unchanged.
 */
import React, { type ComponentProps, type ReactNode } from 'react';
import clsx from 'clsx';
import Link from '@docusaurus/Link';
import Translate from '@docusaurus/Translate';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {
  useActiveDocContext,
  useActivePlugin,
  useDocsPreferredVersion,
  useDocsVersion,
  useDocVersionSuggestions,
} from '@docusaurus/plugin-content-docs/client';
import { ThemeClassNames } from '@docusaurus/theme-common';
import DocVersionBanner from '@theme-original/DocVersionBanner';
import { equivalentDocId } from '../../versions/equivalentDocs';

type Props = ComponentProps<typeof DocVersionBanner>;

function UnreleasedBanner({ className }: Props): ReactNode {
  const version = useDocsVersion();
  const { siteConfig } = useDocusaurusContext();
  return (
    <div className={clsx(className, ThemeClassNames.docs.docVersionBanner, 'alert alert--warning margin-bottom--md')} role="alert">
      <Translate
        id="theme.docs.versions.unreleasedVersionLabel"
        values={{ siteTitle: siteConfig.title, versionLabel: <b>{version.label}</b> }}>
        {'This is unreleased documentation for {siteTitle} {versionLabel} version.'}
      </Translate>
    </div>
  );
}

/** The theme's unmaintained banner, with the "latest version" link pointing at `to`. */
function UnmaintainedBanner({ className, to }: Props & { to: string }): ReactNode {
  const version = useDocsVersion();
  const { siteConfig } = useDocusaurusContext();
  const { pluginId } = useActivePlugin({ failfast: true })!;
  const { savePreferredVersionName } = useDocsPreferredVersion(pluginId);
  const { latestVersionSuggestion } = useDocVersionSuggestions(pluginId);
  return (
    <div className={clsx(className, ThemeClassNames.docs.docVersionBanner, 'alert alert--warning margin-bottom--md')} role="alert">
      <div>
        <Translate
          id="theme.docs.versions.unmaintainedVersionLabel"
          values={{ siteTitle: siteConfig.title, versionLabel: <b>{version.label}</b> }}>
          {'This is documentation for {siteTitle} {versionLabel}, which is no longer actively maintained.'}
        </Translate>
      </div>
      <div className="margin-top--md">
        <Translate
          id="theme.docs.versions.latestVersionSuggestionLabel"
          values={{
            versionLabel: latestVersionSuggestion.label,
            latestVersionLink: (
              <b>
                <Link to={to} onClick={() => savePreferredVersionName(latestVersionSuggestion.name)}>
                  <Translate id="theme.docs.versions.latestVersionLinkLabel">latest version</Translate>
                </Link>
              </b>
            ),
          }}>
          {'For up-to-date documentation, see the {latestVersionLink} ({versionLabel}).'}
        </Translate>
      </div>
    </div>
  );
}

/** The latest version's page on the same topic when its doc id differs, else `undefined`. */
function useEquivalentLatestDocPath(): string | undefined {
  const { pluginId } = useActivePlugin({ failfast: true })!;
  const { activeDoc, activeVersion } = useActiveDocContext(pluginId);
  const { latestDocSuggestion, latestVersionSuggestion } = useDocVersionSuggestions(pluginId);
  if (latestDocSuggestion || !activeDoc || !activeVersion) return undefined;
  const id = equivalentDocId(activeVersion.name, activeDoc.id, latestVersionSuggestion.name);
  return latestVersionSuggestion.docs.find((doc) => doc.id === id)?.path;
}

export default function DocVersionBannerWrapper(props: Props): ReactNode {
  const version = useDocsVersion();
  const equivalentPath = useEquivalentLatestDocPath();
  if (version.isLast && version.banner === 'unreleased') return <UnreleasedBanner {...props} />;
  if (version.banner === 'unmaintained' && equivalentPath) return <UnmaintainedBanner {...props} to={equivalentPath} />;
  return <DocVersionBanner {...props} />;
}
