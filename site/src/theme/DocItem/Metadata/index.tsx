/**
 * (CUSTOM) Wraps a doc's metadata so the pages of an older docs version say so in their title
 * ("Quickstart (10.x) | tRPC"): the three versions' pages had the same titles, so browser tabs,
 * bookmarks and search results could not tell them apart. The current version's titles stay as
 * they are.
 */
import React, { type ComponentProps, type ReactNode } from 'react';
import Metadata from '@theme-original/DocItem/Metadata';
import { PageMetadata } from '@docusaurus/theme-common';
import { useDoc, useDocsVersion } from '@docusaurus/plugin-content-docs/client';

export default function MetadataWrapper(props: ComponentProps<typeof Metadata>): ReactNode {
  const { metadata } = useDoc();
  const version = useDocsVersion();
  return (
    <>
      <Metadata {...props} />
      {!version.isLast && <PageMetadata title={`${metadata.title} (${version.label})`} />}
    </>
  );
}
