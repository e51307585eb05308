/**
 * (CUSTOM) Wraps the page layout to preload the Inter files on every page, so text is laid out in
 * Inter from the start instead of re-wrapping when the font swaps in (a layout shift Lighthouse
 * measured on doc pages). Kept inside the layout, after the page's own metadata.
 */
import React, { type ComponentProps, type ReactNode } from 'react';
import Layout from '@theme-original/Layout';
import FontPreload from '@site/src/components/FontPreload';

export default function LayoutWrapper({ children, ...props }: ComponentProps<typeof Layout>): ReactNode {
  return (
    <Layout {...props}>
      <FontPreload />
      {children}
    </Layout>
  );
}
