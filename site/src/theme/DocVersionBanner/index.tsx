/**
 * (CUSTOM) Wraps the version banner. The current version (11.x) is also the latest, so the theme's
 * second line, "see the latest version (11.x)", would link a page to itself: for the current version
 * this renders only the unreleased notice, with the theme's classes and translation id. Every other
 * version gets the theme's banner unchanged.
 */
import React, { type ComponentProps, type ReactNode } from 'react';
import clsx from 'clsx';
import Translate from '@docusaurus/Translate';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import { useDocsVersion } from '@docusaurus/plugin-content-docs/client';
import { ThemeClassNames } from '@docusaurus/theme-common';
import DocVersionBanner from '@theme-original/DocVersionBanner';

type Props = ComponentProps<typeof DocVersionBanner>;

export default function DocVersionBannerWrapper(props: Props): ReactNode {
  const version = useDocsVersion();
  const { siteConfig } = useDocusaurusContext();
  if (!(version.isLast && version.banner === 'unreleased')) return <DocVersionBanner {...props} />;
  return (
    <div className={clsx(props.className, ThemeClassNames.docs.docVersionBanner, 'alert alert--warning margin-bottom--md')} role="alert">
      <Translate
        id="theme.docs.versions.unreleasedVersionLabel"
        values={{ siteTitle: siteConfig.title, versionLabel: <b>{version.label}</b> }}>
        {'This is unreleased documentation for {siteTitle} {versionLabel} version.'}
      </Translate>
    </div>
  );
}
