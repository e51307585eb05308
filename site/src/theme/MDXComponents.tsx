import MDXComponents from '@theme-original/MDXComponents';
import AnchorTarget from '@site/src/components/AnchorTarget';

/** The theme's MDX components, plus the anchor targets that config/remarkAnchorTargets.ts produces. */
export default { ...MDXComponents, AnchorTarget };
