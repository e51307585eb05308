import React, { type ReactNode } from 'react';
import useBrokenLinks from '@docusaurus/useBrokenLinks';

/**
 * An empty link target written as `<a id="…"></a>` in Markdown (the API reference puts one in each
 * property row). Registering the id lets the build's anchor check see it: literal JSX in MDX does not
 * go through the theme's link component, which is what registers ids otherwise.
 */
export default function AnchorTarget({ id }: { id: string }): ReactNode {
  useBrokenLinks().collectAnchor(id);
  return <a id={id} />;
}
