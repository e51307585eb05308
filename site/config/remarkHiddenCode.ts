/**
 * Drops code blocks whose meta contains `hidden` from the rendered page. The code-sample checker still
 * compiles them, so a page can keep the setup its visible examples import (see README, "Code samples").
 */
interface Node {
  type: string;
  meta?: string | null;
  children?: Node[];
}

export function hasFlag(meta: string | null | undefined, flag: string): boolean {
  return !!meta && meta.split(/\s+/).some((part) => part === flag || part.startsWith(`${flag}=`));
}

function prune(node: Node): void {
  if (!node.children) return;
  node.children = node.children.filter((child) => !(child.type === 'code' && hasFlag(child.meta, 'hidden')));
  node.children.forEach(prune);
}

export default function remarkHiddenCode() {
  return (tree: Node) => prune(tree);
}
