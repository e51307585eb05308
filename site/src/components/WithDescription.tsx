/**
 * Gives a theme page that has only a title a meta description (and og:description) of its own, for
 * search engines and link previews: `export default withDescription(Original, 'What the page is.')`.
 */
import React, { type ComponentType, type ReactNode } from 'react';
import { PageMetadata } from '@docusaurus/theme-common';

export function withDescription<P extends object>(Page: ComponentType<P>, description: string): ComponentType<P> {
  function PageWithDescription(props: P): ReactNode {
    return (
      <>
        <Page {...props} />
        <PageMetadata description={description} />
      </>
    );
  }
  PageWithDescription.displayName = `WithDescription(${Page.displayName ?? Page.name ?? 'Page'})`;
  return PageWithDescription;
}
