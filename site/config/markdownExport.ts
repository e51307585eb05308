import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { parseMarkers } from '../../scripts/samples/types.mjs';
import { hasFlag } from './remarkHiddenCode';

/**
 * Plain Markdown of a doc page, for readers that are tools (language models, editors, scripts):
 * the front matter title as H1, its description as a quote, then the page body with what only the
 * site understands resolved. MDX imports and comments are dropped, components are replaced by their
 * content (a tab by its label and content), `hidden` setup blocks are dropped and the checker's flags
 * leave the code fences, admonitions become quotes, and links point at absolute URLs of the site.
 * Code is kept as written, less the type markers the site renders as types (see visibleCode).
 */

interface MdNode {
  type: string;
  value?: string;
  lang?: string | null;
  meta?: string | null;
  url?: string;
  name?: string;
  depth?: number;
  alt?: string | null;
  title?: string | null;
  children?: MdNode[];
  attributes?: { type: string; name?: string; value?: unknown }[];
  data?: Record<string, unknown>;
}

export interface ExportOptions {
  /** The page's title (Docusaurus's: front matter title, else its first heading). */
  title: string;
  /** Turns a link or image URL as written in the source into the URL the Markdown should carry. */
  resolveUrl?: (url: string) => string;
  /** When set, a "Source:" line after the title names the page's address. */
  sourceUrl?: string;
}

const ADMONITION_LABELS: Record<string, string> = {
  note: 'Note',
  tip: 'Tip',
  info: 'Info',
  warning: 'Warning',
  caution: 'Caution',
  danger: 'Danger',
};

/**
 * Source-level rewrites Docusaurus also makes before MDX sees the file: explicit heading ids
 * (`## Title {#id}`) are dropped, and an admonition title written after the name (`:::tip Title`)
 * becomes a directive label (`:::tip[Title]`).
 */
export function preprocess(source: string): string {
  const lines = source.split('\n');
  let fence: string | null = null;
  return lines
    .map((line) => {
      const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
      if (marker) {
        if (!fence) fence = marker;
        else if (marker[0] === fence[0] && marker.length >= fence.length && /^\s*[`~]+\s*$/.test(line)) fence = null;
        return line;
      }
      if (fence) return line;
      return line
        .replace(/^(#{1,6}\s.*?)\s*\\?\{#[^}\s]+\}\s*$/, '$1')
        .replace(/^(\s*:{3,}[a-z]+)[ \t]+([^[{\s].*?)\s*$/, '$1[$2]');
    })
    .join('\n');
}

function text(value: string): MdNode {
  return { type: 'text', value };
}

/** Only a code block's file title survives; `hidden` blocks go; npm2yarn, trpc=10, nocheck and the rest are the site's. */
function cleanCode(node: MdNode): MdNode | null {
  if (hasFlag(node.meta, 'hidden')) return null;
  const title = node.meta ? /(?:^|\s)(title=(?:"[^"]*"|'[^']*'|\S+))/.exec(node.meta)?.[1] : undefined;
  return { ...node, value: visibleCode(node), meta: title ?? null };
}

const TS_LANGS = new Set(['ts', 'tsx', 'typescript']);

/**
 * A TypeScript block as the page shows its code: without the type markers (`// ^?`, `// ^|`,
 * `// @errors:`) and without the setup above a `// ---cut---` line (config/codeTypes.ts).
 */
function visibleCode(node: MdNode): string {
  const code = node.value ?? '';
  if (!TS_LANGS.has((node.lang ?? '').toLowerCase())) return code;
  const { hidden } = parseMarkers(code);
  return code
    .split('\n')
    .filter((_, i) => !hidden.has(i))
    .join('\n');
}

function attribute(node: MdNode, name: string): string | undefined {
  const attr = node.attributes?.find((a) => a.type === 'mdxJsxAttribute' && a.name === name);
  return typeof attr?.value === 'string' ? attr.value : undefined;
}

function admonition(node: MdNode, children: MdNode[]): MdNode {
  const kind = ADMONITION_LABELS[node.name ?? ''] ?? node.name ?? 'Note';
  let body = children;
  let label: MdNode[] | undefined;
  if (body[0]?.type === 'paragraph' && body[0].data?.directiveLabel) {
    label = body[0].children;
    body = body.slice(1);
  }
  const lead: MdNode = { type: 'strong', children: [text(label ? `${kind}: ` : `${kind}:`), ...(label ?? [])] };
  if (!label && body[0]?.type === 'paragraph') {
    body = [{ ...body[0], children: [lead, text(' '), ...(body[0].children ?? [])] }, ...body.slice(1)];
  } else {
    body = [{ type: 'paragraph', children: [lead] }, ...body];
  }
  return { type: 'blockquote', children: body };
}

/** A directive the site does not use (`:name` in prose) goes back to the text it was written as. */
function directiveAsText(node: MdNode, children: MdNode[]): MdNode[] {
  const colons = node.type === 'textDirective' ? ':' : node.type === 'leafDirective' ? '::' : ':::';
  const opening = text(`${colons}${node.name ?? ''}`);
  if (!children.length) return [opening];
  return node.type === 'textDirective' ? [opening, text('['), ...children, text(']')] : [{ type: 'paragraph', children: [opening] }, ...children];
}

function transform(node: MdNode, resolveUrl: (url: string) => string): MdNode[] {
  switch (node.type) {
    case 'yaml':
    case 'mdxjsEsm':
    case 'mdxFlowExpression':
    case 'mdxTextExpression':
      return [];
    case 'code': {
      const code = cleanCode(node);
      return code ? [code] : [];
    }
    case 'link':
    case 'image':
    case 'definition':
      return [{ ...node, url: node.url ? resolveUrl(node.url) : node.url, children: node.children && transformChildren(node.children, resolveUrl) }];
    default:
      break;
  }
  const children = node.children ? transformChildren(node.children, resolveUrl) : undefined;
  if (node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') {
    const flow = node.type === 'mdxJsxFlowElement';
    if (node.name === 'img') {
      const src = attribute(node, 'src');
      if (!src) return [];
      const image: MdNode = { type: 'image', url: resolveUrl(src), alt: attribute(node, 'alt') ?? '' };
      return [flow ? { type: 'paragraph', children: [image] } : image];
    }
    if (node.name === 'br') return flow ? [] : [{ type: 'break' }];
    const label = node.name === 'TabItem' ? (attribute(node, 'label') ?? attribute(node, 'value')) : undefined;
    if (label && flow) return [{ type: 'paragraph', children: [{ type: 'strong', children: [text(label)] }] }, ...(children ?? [])];
    return children ?? [];
  }
  if (node.type === 'containerDirective' && node.name && node.name in ADMONITION_LABELS) return [admonition(node, children ?? [])];
  if (node.type === 'containerDirective' || node.type === 'leafDirective' || node.type === 'textDirective') {
    return directiveAsText(node, children ?? []);
  }
  return [{ ...node, children }];
}

function transformChildren(children: MdNode[], resolveUrl: (url: string) => string): MdNode[] {
  return children.flatMap((child) => transform(child, resolveUrl));
}

type Processors = { parse: (source: string) => MdNode; stringify: (tree: MdNode) => string };
let processors: Promise<Processors> | undefined;

/** The parser and serializer, built once: building them compiles micromark's syntax tables. */
function getProcessors(): Promise<Processors> {
  processors ??= (async () => {
    const [{ unified }, { default: remarkParse }, { default: remarkFrontmatter }, { default: remarkMdx }, { default: remarkGfm }, { default: remarkDirective }, { default: remarkStringify }] =
      await Promise.all([
        import('unified'),
        import('remark-parse'),
        import('remark-frontmatter'),
        import('remark-mdx'),
        import('remark-gfm'),
        import('remark-directive'),
        import('remark-stringify'),
      ]);
    const parser = unified().use(remarkParse).use(remarkFrontmatter, ['yaml']).use(remarkMdx).use(remarkGfm).use(remarkDirective).freeze();
    const serializer = unified()
      .use(remarkGfm)
      .use(remarkStringify, { bullet: '-', fences: true, rule: '-', emphasis: '_', strong: '*', listItemIndent: 'one' })
      .freeze();
    return {
      parse: (source) => parser.parse(source) as unknown as MdNode,
      stringify: (tree) => String(serializer.stringify(tree as never)),
    };
  })();
  return processors;
}

/** The plain Markdown of one page. */
export async function toMarkdown(source: string, options: ExportOptions): Promise<string> {
  const { parse, stringify } = await getProcessors();
  const tree = parse(preprocess(source));

  const yamlNode = tree.children?.find((n) => n.type === 'yaml');
  const frontMatter = (yamlNode?.value ? parseYaml(yamlNode.value) : {}) as Record<string, unknown> | null;
  const description = typeof frontMatter?.description === 'string' ? frontMatter.description.trim() : '';

  const body = transformChildren(tree.children ?? [], options.resolveUrl ?? ((url) => url));
  const head: MdNode[] = [];
  const startsWithTitle = body[0]?.type === 'heading' && body[0].depth === 1;
  if (!startsWithTitle) head.push({ type: 'heading', depth: 1, children: [text(options.title)] });
  if (description) head.push({ type: 'blockquote', children: [{ type: 'paragraph', children: [text(description.replace(/\s+/g, ' '))] }] });
  if (options.sourceUrl) head.push({ type: 'paragraph', children: [text('Source: '), { type: 'link', url: options.sourceUrl, children: [text(options.sourceUrl)] }] });
  const root = { type: 'root', children: startsWithTitle ? [body[0], ...head, ...body.slice(1)] : [...head, ...body] };

  return stringify(root);
}

/**
 * Resolves the URLs of one page: Markdown links to other source files (`../server/context.md#x`)
 * become the absolute URL of that page, site paths (`/docs/x`) and relative URLs become absolute
 * against the page's own URL. External links and in-page anchors are left alone.
 */
export function urlResolver(options: {
  siteUrl: string;
  permalink: string;
  sourcePath: string;
  /** Absolute source path → permalink of every doc and post. */
  permalinks: Map<string, string>;
}): (url: string) => string {
  const pageUrl = new URL(options.permalink, options.siteUrl);
  return (url) => {
    if (/^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith('#') || url.startsWith('//')) return url;
    const [file, hash = ''] = url.split(/(?=#)/);
    if (/\.mdx?$/.test(file) && !file.startsWith('/')) {
      const target = options.permalinks.get(path.resolve(path.dirname(options.sourcePath), decodeURI(file)));
      if (target) return new URL(target, options.siteUrl).href + hash;
    }
    return new URL(url, pageUrl).href;
  };
}

export interface LlmsEntry {
  title: string;
  url: string;
  description?: string;
}

export interface LlmsSection {
  heading: string;
  entries: LlmsEntry[];
}

function oneLine(value: string | undefined): string {
  return (value ?? '').replace(/\s+/g, ' ').trim();
}

/**
 * /llms.txt (llmstxt.org): the site's name, a one-line summary, how the files are organised, then one
 * section of links per group with a one-line description each.
 */
export function llmsTxt(options: { title: string; summary: string; details: string; sections: LlmsSection[] }): string {
  const parts = [`# ${options.title}`, `> ${oneLine(options.summary)}`, options.details.trim()];
  for (const section of options.sections) {
    if (!section.entries.length) continue;
    const lines = section.entries.map((entry) => {
      const description = oneLine(entry.description);
      const title = oneLine(entry.title).replace(/([[\]])/g, '\\$1');
      return `- [${title}](${entry.url})${description ? `: ${description}` : ''}`;
    });
    parts.push(`## ${section.heading}\n\n${lines.join('\n')}`);
  }
  return `${parts.join('\n\n')}\n`;
}
