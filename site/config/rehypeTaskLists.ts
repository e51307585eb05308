/**
 * Gives each checkbox of a Markdown task list (`- [ ] Upgrade TypeScript`) an accessible name.
 *
 * GFM renders a task list item as `<li class="task-list-item"><input type="checkbox" disabled> text`,
 * and nothing ties the checkbox to the text beside it: a screen reader announces "checkbox, not
 * checked" with no name, and axe reports it (rule `label`). This plugin wraps the item's own text (the
 * phrasing content after the checkbox, not a nested list) in a `<span id>` and points the checkbox's
 * `aria-labelledby` at it, so the checkbox is announced with its item's words, once.
 *
 * Ids are `task-<key>-<n>`, numbered per document after any id the document already uses; `<key>` is
 * a short hash of the document's path, so two documents rendered on one page (blog list pages show
 * several posts) cannot share an id. Without a path (tests) it is `task-<n>`.
 */
import { createHash } from 'node:crypto';
import { relative } from 'node:path';

interface HastNode {
  type: string;
  tagName?: string;
  value?: string;
  properties?: Record<string, unknown>;
  /** JSX written in MDX (`<span id="…">`) keeps its attributes here. */
  attributes?: { type: string; name?: string; value?: unknown }[];
  children?: HastNode[];
}

const isElement = (node: HastNode | undefined, tagName?: string): boolean =>
  node?.type === 'element' && (tagName === undefined || node.tagName === tagName);

const isCheckbox = (node: HastNode | undefined): boolean =>
  isElement(node, 'input') && node?.properties?.type === 'checkbox';

const classNames = (node: HastNode): string[] => {
  const value = node.properties?.className;
  if (Array.isArray(value)) return value.map(String);
  return typeof value === 'string' ? value.split(/\s+/) : [];
};

const BLOCKS = new Set(['ul', 'ol', 'p', 'div', 'pre', 'blockquote', 'table']);

function collectIds(node: HastNode, ids: Set<string>): void {
  const id = node.properties?.id;
  if (typeof id === 'string') ids.add(id);
  for (const attribute of node.attributes ?? []) {
    if (attribute.name === 'id' && typeof attribute.value === 'string') ids.add(attribute.value);
  }
  for (const child of node.children ?? []) collectIds(child, ids);
}

/** The element holding the checkbox: the item itself, or its first paragraph in a loose list. */
function checkboxParent(item: HastNode): HastNode | undefined {
  const first = (item.children ?? []).find((child) => child.type !== 'text' || (child.value ?? '').trim() !== '');
  if (isCheckbox(first)) return item;
  if (isElement(first, 'p') && isCheckbox((first!.children ?? []).find((c) => c.type === 'element'))) return first;
  return undefined;
}

function nameCheckbox(item: HastNode, nextId: () => string): void {
  const parent = checkboxParent(item);
  if (!parent?.children) return;
  const at = parent.children.findIndex(isCheckbox);
  const input = parent.children[at]!;
  if (input.properties?.ariaLabelledBy || input.properties?.ariaLabel) return;
  // The item's own words: everything after the checkbox up to the first block (a nested list).
  let end = at + 1;
  while (end < parent.children.length && !(isElement(parent.children[end]) && BLOCKS.has(parent.children[end]!.tagName!))) end += 1;
  const words = parent.children.slice(at + 1, end);
  if (!words.some((node) => node.type !== 'text' || (node.value ?? '').trim() !== '')) return;
  const id = nextId();
  const label: HastNode = { type: 'element', tagName: 'span', properties: { id }, children: words };
  parent.children.splice(at + 1, end - at - 1, label);
  input.properties = { ...input.properties, ariaLabelledBy: id };
}

function visit(node: HastNode, nextId: () => string): void {
  if (isElement(node, 'li') && classNames(node).includes('task-list-item')) nameCheckbox(node, nextId);
  for (const child of node.children ?? []) visit(child, nextId);
}

/** A short, stable key for a document path. */
const pathKey = (path: string): string => createHash('sha256').update(path).digest('hex').slice(0, 6);

export default function rehypeTaskLists() {
  return (tree: HastNode, file?: { path?: string; cwd?: string }): void => {
    const taken = new Set<string>();
    collectIds(tree, taken);
    // Relative to the working folder, so the ids do not depend on where the repository is checked out.
    const where = file?.path ? relative(file.cwd ?? '', file.path) : '';
    const prefix = where ? `task-${pathKey(where)}-` : 'task-';
    let n = 0;
    const nextId = (): string => {
      let id: string;
      do id = `${prefix}${(n += 1)}`;
      while (taken.has(id));
      taken.add(id);
      return id;
    };
    visit(tree, nextId);
  };
}
