/**
 * Turns empty anchors written as JSX, `<a id="property-trpc"></a>`, into `<AnchorTarget id="…" />`
 * (src/components/AnchorTarget), which renders the same element and tells the build's anchor check
 * that the id exists. Without it, every link to such an anchor (the API reference links to property
 * rows this way) is reported as broken although the browser finds it.
 */
interface JsxAttribute {
  type: string;
  name?: string;
  value?: unknown;
}

interface Node {
  type: string;
  name?: string | null;
  attributes?: JsxAttribute[];
  children?: Node[];
}

export function isEmptyAnchorTarget(node: Node): boolean {
  if ((node.type !== 'mdxJsxTextElement' && node.type !== 'mdxJsxFlowElement') || node.name !== 'a') return false;
  const attributes = node.attributes ?? [];
  return (
    (node.children?.length ?? 0) === 0 &&
    attributes.length === 1 &&
    attributes[0]!.type === 'mdxJsxAttribute' &&
    attributes[0]!.name === 'id' &&
    typeof attributes[0]!.value === 'string' &&
    attributes[0]!.value !== ''
  );
}

function visit(node: Node): void {
  if (isEmptyAnchorTarget(node)) node.name = 'AnchorTarget';
  node.children?.forEach(visit);
}

export default function remarkAnchorTargets() {
  return (tree: Node) => visit(tree);
}
