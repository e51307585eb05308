/**
 * (CUSTOM) Wraps the doc content to offer the page as Markdown: a "Copy page" button beside the
 * title, and a `<link rel="alternate" type="text/markdown">` to the file config/llmsPlugin.ts writes
 * at the page's URL plus `.md`.
 */
import React, { type ComponentProps, type ReactNode } from 'react';
import Head from '@docusaurus/Head';
import { useDoc } from '@docusaurus/plugin-content-docs/client';
import Content from '@theme-original/DocItem/Content';
import CopyPage from '@site/src/components/CopyPage';
import { markdownUrl } from '@site/src/components/CopyPage/markdownUrl';

export default function ContentWrapper(props: ComponentProps<typeof Content>): ReactNode {
  const { metadata } = useDoc();
  const url = markdownUrl(metadata.permalink);
  return (
    <>
      <Head>
        <link rel="alternate" type="text/markdown" href={url} title="This page as Markdown" />
      </Head>
      <CopyPage markdownUrl={url} />
      <Content {...props} />
    </>
  );
}
