import React, { isValidElement, type ReactNode } from 'react';
import type { Props } from '@theme/CodeBlock';
import ElementContent from '@theme/CodeBlock/Content/Element';
import StringContent from '@theme/CodeBlock/Content/String';
import { CodeHtmlContext } from '@site/src/components/CodeHighlight/context';

/**
 * The theme's CodeBlock, minus its re-creation of every block after hydration (the theme needs it to
 * swap inline Prism colours to the colour mode; here colours come from a stylesheet, see
 * config/codeHighlight.ts), plus the build-time highlighted lines handed down to CodeBlock/Content.
 */
function toText(children: ReactNode): ReactNode {
  if (React.Children.toArray(children).some((child) => isValidElement(child))) return children;
  return Array.isArray(children) ? children.join('') : children;
}

export default function CodeBlock({
  children,
  'data-code-html': html,
  ...props
}: Props & { 'data-code-html'?: string }): ReactNode {
  const content = toText(children);
  if (typeof content !== 'string') return <ElementContent {...props}>{content}</ElementContent>;
  return (
    <CodeHtmlContext.Provider value={html}>
      <StringContent {...props}>{content}</StringContent>
    </CodeHtmlContext.Provider>
  );
}
