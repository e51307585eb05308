/**
 * (CUSTOM) Wraps a category's generated index page so that, in an older docs version, its title
 * names the version, like the version's other pages (src/theme/DocItem/Metadata).
 */
import React, { type ComponentProps, type ReactNode } from 'react';
import DocCategoryGeneratedIndexPage from '@theme-original/DocCategoryGeneratedIndexPage';
import { PageMetadata } from '@docusaurus/theme-common';
import { useDocsVersion } from '@docusaurus/plugin-content-docs/client';

export default function DocCategoryGeneratedIndexPageWrapper(props: ComponentProps<typeof DocCategoryGeneratedIndexPage>): ReactNode {
  const version = useDocsVersion();
  return (
    <>
      <DocCategoryGeneratedIndexPage {...props} />
      {!version.isLast && <PageMetadata title={`${props.categoryGeneratedIndex.title} (${version.label})`} />}
    </>
  );
}
