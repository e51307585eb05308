import MDXComponents from '@theme-original/MDXComponents';
import AnchorTarget from '@site/src/components/AnchorTarget';
import CodeTypes from '@site/src/components/CodeTypes';

/**
 * The theme's MDX components, plus the anchor targets that config/remarkAnchorTargets.ts produces and
 * the page's table of code types from config/codeTypes.ts.
 */
export default { ...MDXComponents, AnchorTarget, CodeTypes };
