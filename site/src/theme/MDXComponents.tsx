import React, { type ComponentProps, type ReactNode } from 'react';
import MDXComponents from '@theme-original/MDXComponents';
import CodeInline from '@theme/CodeInline';
import AnchorTarget from '@site/src/components/AnchorTarget';
import CodeTypes from '@site/src/components/CodeTypes';

/**
 * Inline code in table cells holds `<wbr>` break points (config/rehypeTables.ts). The theme would take
 * code with element children for a code block; `data-wrap` marks it as inline code.
 */
function Code(props: ComponentProps<'code'> & { 'data-wrap'?: string }): ReactNode {
  return props['data-wrap'] !== undefined ? <CodeInline {...props} /> : <MDXComponents.code {...props} />;
}

/**
 * The theme's MDX components, plus the anchor targets that config/remarkAnchorTargets.ts produces,
 * the page's table of code types from config/codeTypes.ts, and inline code that may break in tables.
 */
export default { ...MDXComponents, AnchorTarget, CodeTypes, code: Code };
