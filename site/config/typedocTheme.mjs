// A TypeDoc plugin (loaded by config/typedoc.ts): the theme of the API reference, typedoc-plugin-markdown's
// own theme with a more compact rendering of the same facts, so that a module page can be scanned:
//
// - A function or method is one code block with its whole signature, parameter and type parameter
//   types included (`expandParameters`); overloads share one block. Parameters and type parameters get
//   a table only when they carry descriptions; the return type stays in the block (no "Returns" section
//   repeating it expanded) and the declarations it names are linked on one line below ("Types:").
// - Interfaces and classes open with their declaration line (`interface X<A, B extends C>`) instead of a
//   table of type parameters; "Extends", "Extended by", "Inherited from" and block tags (See,
//   Deprecated, …) are one paragraph each rather than a heading and a list.
// - A module's groups (Interfaces, Functions, …) open with a table of their declarations and the first
//   sentence of each, linked to the section.
//
// Anchors of declarations, members and properties stay typedoc's (links between symbols and the search
// records use them); the only anchors dropped are the type parameters' (nothing links to them).
import { Converter, i18n, ReflectionKind } from 'typedoc';
import { MarkdownPageEvent, MarkdownTheme, MarkdownThemeContext } from 'typedoc-plugin-markdown';

export const THEME_NAME = 'trpc-api';

// Around a group's index on a module page, until the page's end decides whether to keep it.
const INDEX_START = '%%group-index%%';
const INDEX_END = '%%/group-index%%';

const CONTAINERS = [ReflectionKind.Project, ReflectionKind.Module, ReflectionKind.Namespace];

/** The text of a ```ts block produced by the markdown theme, without its fence. */
const codeBody = (block) => block.replace(/^```ts\n/, '').replace(/\n```$/, '');

/** `[`Name`](url)` links of rendered type Markdown, deduplicated by target, in order. */
export function typeLinks(markdown) {
  const seen = new Map();
  for (const [, name, url] of markdown.matchAll(/\[`([^`]+)`\]\(([^)\s]+)\)/g)) {
    if (!seen.has(url)) seen.set(url, `[\`${name}\`](${url})`);
  }
  return [...seen.values()];
}

/** "**See**\n\ntext" (a block tag as the markdown theme renders it without headings) → "**See:** text". */
export function inlineTagLabels(markdown) {
  return markdown.replace(/^\*\*([A-Z][A-Za-z ]*)\*\*\n\n(?!```|\||- |\d+\. )/gm, '**$1:** ');
}

/** Rendered type Markdown as plain code: links to their text, no code spans, emphasis or escapes. */
export function plainCode(markdown) {
  return markdown
    .replace(/\[((?:\\.|`[^`]*`|[^\]\\`])*)\]\([^)\s]*\)/g, '$1')
    .replace(/`/g, '')
    .replace(/(?<!\\)\*/g, '')
    .replace(/\\([!-/:-@[-`{-~])/g, '$1');
}

/**
 * Unions in a code block on one line: the markdown theme breaks a union over lines with a leading
 * `|` (`opts: \n  | A\n| B`), which reads as stray bars in a signature.
 */
export function joinUnions(code) {
  return code.replace(/[ \t]*\n[ \t]*\| /g, ' | ').replace(/([:<(,=]) \| /g, '$1 ');
}

/**
 * A description as the text of a list item: a one-line code block of a tag (`**Default**` + block)
 * as inline code on the tag's line, and every further line indented so it stays in the item.
 */
export function listItemText(markdown) {
  return markdown
    .trim()
    .replace(/\*\*([A-Z][A-Za-z ]*)\*\*\n\n```\w*\n([^\n`]*)\n```/g, '**$1:** `$2`')
    // A short tag after running text: on the text's last line, so the list stays tight.
    .replace(/([^\n]*)\n\n(\*\*[A-Z][A-Za-z ]*:\*\* [^\n]*)$/, (all, before, tag) => (/^\s*([-*]|\d+\.) /.test(before) ? all : `${before} ${tag}`))
    .replace(/\n(?=.)/g, '\n  ');
}

/** Block tags rendered together ("**See:** …\n\n**Deprecated:** …") as one text each. */
const splitNotes = (text) => text.split(/\n{2,}(?=\*\*[A-Z][A-Za-z ]*:\*\* )/).filter((note) => note.trim());

/**
 * Short one-line notes ("**Types:** …", "**See:** …", "Inherited from …") as the lines of one
 * paragraph; a note of several paragraphs (an example, a list) stays a block of its own.
 */
export function oneParagraph(notes) {
  const blocks = [];
  let lines = [];
  for (const note of notes.flatMap(splitNotes).map((text) => text.trim())) {
    if (!note) continue;
    if (/\n\n|^```|^\||^- |^\d+\. /m.test(note)) {
      if (lines.length) blocks.push(lines.join('\\\n')), (lines = []);
      blocks.push(note);
    } else lines.push(note);
  }
  if (lines.length) blocks.push(lines.join('\\\n'));
  return blocks.join('\n\n');
}

const hasComment = (reflection) => Boolean(reflection.comment?.summary?.length || reflection.comment?.blockTags?.length);

/**
 * A parameter that needs the table: it carries a description, or it is an object literal type, which
 * the signature shows only as `object` (`new TRPCError(opts: object)`); the table lists its members,
 * documented or not.
 */
function isDocumentedParameter(parameter) {
  if (hasComment(parameter)) return true;
  const children = parameter.type?.declaration?.children;
  return Boolean(children?.length);
}

/**
 * In a parameters table, an object parameter is followed by a row per member (`opts.code`, …); its
 * own row then said the whole type again, members and all, on one line. It says `object` instead,
 * as the signature does.
 * @param {string} table a Markdown table from typedoc-plugin-markdown's parametersTable
 */
export function collapseFlattenedParents(table) {
  const lines = table.split('\n');
  const cells = (line) => line.split(/(?<!\\)\|/);
  const nameOf = (line) => /^`(?:\.\.\.)?([^`?]+)\??`$/.exec(cells(line)[1]?.trim() ?? '')?.[1];
  return lines
    .map((line, i) => {
      const name = nameOf(line);
      const next = lines[i + 1] && nameOf(lines[i + 1]);
      if (!name || !next?.startsWith(`${name}.`)) return line;
      const parts = cells(line);
      parts[2] = ' `object` ';
      return parts.join('|');
    })
    .join('\n');
}

/**
 * The markdown theme writes a long union with a bar before each member, the first one included;
 * in a table cell that left a stray `|` in front of the type (`| "PARSE_ERROR" | "BAD_REQUEST" …`).
 * @param {string} table a Markdown table
 */
export function dropLeadingUnionBars(table) {
  return table
    .split('\n')
    .map((line) => (line.startsWith('|') ? line.split(/(?<!\\)\|/).map((cell) => cell.replace(/^(\s*)\\\|\s*/, '$1')).join('|') : line))
    .join('\n');
}

class ApiThemeContext extends MarkdownThemeContext {
  constructor(theme, page, options) {
    super(theme, page, options);
    const base = { ...this.partials };
    const p = this.partials;
    for (const name of Object.keys(base).filter((n) => n.endsWith('Table'))) {
      const table = base[name];
      base[name] = p[name] = (...args) => dropLeadingUnionBars(table(...args));
    }

    p.signatureTitle = (model, opts) => joinUnions(base.signatureTitle(model, opts));
    p.declarationTitle = (model) => joinUnions(base.declarationTitle(model));

    // Block tags as paragraphs ("**See:** …"), never as headings.
    p.comment = (model, opts = {}) => inlineTagLabels(base.comment(model, { ...opts, headingLevel: undefined }));

    p.inheritance = (model) => {
      const parts = [];
      if (model.implementationOf) parts.push(`Implementation of ${p.typeAndParent(model.implementationOf)}`);
      if (model.inheritedFrom) parts.push(`Inherited from ${p.typeAndParent(model.inheritedFrom)}`);
      if (model.overwrites) parts.push(`Overrides ${p.typeAndParent(model.overwrites)}`);
      return parts.map((part) => `${part}.`).join(' ');
    };

    p.hierarchy = (model) => {
      const md = [];
      const walk = (level) => {
        if (!level.next) return;
        if (!level.isTarget) {
          // The parents are in the declaration's code block; here, links to those this reference has.
          const links = level.types
            .filter((t) => t.reflection && this.router.hasUrl(t.reflection))
            .map((t) => `[\`${t.reflection.name}\`](${this.urlTo(t.reflection)})`);
          if (links.length) md.push(`**${i18n.theme_extends()}:** ${links.join(', ')}`);
        } else {
          const children = level.next.types.map((t) => this.helpers.getHierarchyType(t, { isTarget: level.next.isTarget || false }));
          md.push(`**${i18n.theme_extended_by()}:** ${children.join(', ')}`);
        }
        if (level.next.next) walk(level.next);
      };
      walk(model);
      return md.join('\n\n');
    };

    /** The "Types:" line: declarations of this reference that a signature's types name. */
    const typesLine = (signatures) => {
      // Not the declaration the signatures belong to: the reader is in its section.
      const own = new Set();
      for (let r = signatures[0]?.parent; r && !CONTAINERS.includes(r.kind); r = r.parent) {
        if (this.router.hasUrl(r)) own.add(this.urlTo(r));
      }
      const md = [];
      for (const signature of signatures) {
        for (const param of signature.typeParameters ?? []) {
          if (param.type) md.push(p.someType(param.type));
          if (param.default) md.push(p.someType(param.default));
        }
        for (const param of signature.parameters ?? []) if (param.type) md.push(p.someType(param.type));
        if (signature.type) md.push(p.someType(signature.type));
      }
      const links = typeLinks(md.join(' ')).filter((link) => !own.has(link.slice(link.indexOf('](') + 2, -1)));
      return links.length ? `**Types:** ${links.join(', ')}` : '';
    };

    /** Tables of the documented parameters and type parameters of one signature, and its @returns. */
    const signatureDetails = (model) => {
      const md = [];
      if (model.typeParameters?.some(hasComment) && model.kind !== ReflectionKind.ConstructorSignature) {
        md.push(base.typeParametersTable(model.typeParameters));
      }
      if (model.parameters?.some(isDocumentedParameter)) md.push(collapseFlattenedParents(base.parametersTable(model.parameters)));
      const returns = model.comment?.getTag('@returns');
      if (returns) md.push(`**${i18n.theme_returns()}:** ${this.helpers.getCommentParts(returns.content)}`);
      return md;
    };

    p.signature = (model, opts = {}) => {
      const md = [];
      if (!opts.hideTitle) md.push(p.signatureTitle(model, { accessor: opts.accessor }));
      const comment = opts.multipleSignatures ? model.comment : model.comment || model.parent?.comment;
      if (comment) md.push(p.comment(comment, { showTags: false, showSummary: true }));
      md.push(...signatureDetails(model));
      md.push(
        oneParagraph([
          opts.nested ? '' : typesLine([model]),
          comment ? p.comment(comment, { showTags: true, showSummary: false }) : '',
          p.inheritance(model),
        ]),
      );
      return md.filter(Boolean).join('\n\n');
    };

    // Overloads: one code block with every signature, then what each adds.
    p.signatures = (model, opts) => {
      const signatures = model.signatures ?? [];
      if (signatures.length < 2) return base.signatures(model, opts);
      const md = [];
      md.push('```ts\n' + signatures.map((s) => codeBody(p.signatureTitle(s, {}))).join('\n') + '\n```');
      if (model.comment) md.push(p.comment(model.comment, {}));
      // What every overload says is said once; what only some say is labelled with their numbers.
      const parts = signatures.map((signature) =>
        [
          ...(signature.comment
            ? [
                p.comment(signature.comment, { showTags: false, showSummary: true }),
                ...splitNotes(p.comment(signature.comment, { showTags: true, showSummary: false })),
              ]
            : []),
          ...signatureDetails(signature),
        ].filter((text) => text.trim()),
      );
      md.push(...parts[0].filter((text) => parts.every((own) => own.includes(text))));
      const byLabel = new Map();
      parts.forEach((own) => {
        for (const text of own) {
          const numbers = parts.flatMap((other, j) => (other.includes(text) ? [j + 1] : []));
          if (numbers.length === parts.length) continue;
          const label = `*${numbers.length > 1 ? 'Signatures' : 'Signature'} ${numbers.join(', ')}:*`;
          const texts = byLabel.get(label) ?? [];
          if (!texts.includes(text)) texts.push(text);
          byLabel.set(label, texts);
        }
      });
      for (const [label, texts] of byLabel) md.push(label, oneParagraph(texts));
      md.push(oneParagraph([opts.nested ? '' : typesLine(signatures), p.inheritance(signatures[0])]));
      return md.filter(Boolean).join('\n\n');
    };

    // Properties of interfaces and classes: their shape as one code block (a line a property, an
    // object type's members nested), then a list of those with a description. Each keeps its anchor:
    // a described one on its list item, the others just above the block.
    const propertyName = (prop) => {
      const name = /^[A-Za-z_$][\w$]*$/.test(prop.name) ? prop.name : JSON.stringify(prop.name);
      return `${prop.flags.isReadonly ? 'readonly ' : ''}${name}${prop.flags.isOptional ? '?' : ''}`;
    };
    const propertyCode = (prop, indent) => {
      if (prop.signatures?.length) {
        return prop.signatures.map((signature) => indent + codeBody(p.signatureTitle(signature, {})).replace(/\n/g, `\n${indent}`));
      }
      const declaration = prop.type?.declaration;
      if (declaration?.children?.length && !declaration.signatures?.length) {
        return [`${indent}${propertyName(prop)}: {`, ...declaration.children.flatMap((child) => propertyCode(child, `${indent}  `)), `${indent}};`];
      }
      const type = this.helpers.getDeclarationType(prop) ?? prop.type;
      const text = type ? joinUnions(plainCode(p.someType(type))).trim().replace(/^\| /, '') : 'unknown';
      return [`${indent}${propertyName(prop)}: ${text.replace(/\n/g, `\n${indent}`)};`];
    };
    /** The parts of a properties listing: anchors of undescribed ones, code lines, list, types. */
    const propertiesParts = (model) => {
      const described = [];
      const bare = [];
      for (const prop of this.helpers.getFlattenedDeclarations(model)) {
        const anchor = this.router.hasUrl(prop) ? `<a id="${this.router.getAnchor(prop)}"></a>` : '';
        const comment = prop.comment ?? prop.signatures?.find((signature) => signature.comment)?.comment;
        const text = comment ? listItemText(p.comment(comment, { isTableColumn: true })) : '';
        const name = `\`${prop.name}${prop.flags.isOptional ? '?' : ''}\``;
        if (text) described.push(`- ${anchor}${prop.isDeprecated?.() ? `~~${name}~~` : name}: ${text}`);
        else if (anchor) bare.push(anchor);
      }
      const types = typeLinks(model.map((prop) => (prop.type ? p.someType(prop.type) : '')).join(' '));
      return {
        anchors: bare.join(''),
        lines: model.flatMap((prop) => propertyCode(prop, '')),
        list: described.join('\n'),
        types: types.length ? `**Types:** ${types.join(', ')}` : '',
      };
    };
    p.propertiesTable = (model, opts) => {
      if (![ReflectionKind.Interface, ReflectionKind.Class].includes(opts?.kind)) return base.propertiesTable(model, opts);
      const { anchors, lines, list, types } = propertiesParts(model);
      return [anchors, '```ts\n' + lines.join('\n') + '\n```', list, types].filter(Boolean).join('\n\n');
    };

    /** `interface Name<A, B extends C>`: the declaration line of an interface or class. */
    const declarationLine = (model) => {
      const keyword = this.helpers.getKeyword(model.kind) ?? ReflectionKind.singularString(model.kind).toLowerCase();
      const typeParameters = model.typeParameters?.length
        ? `<${this.helpers.getTypeParameters(model.typeParameters)}>`
        : '';
      const parents = model.extendedTypes?.length
        ? ` extends ${model.extendedTypes.map((type) => p.someType(type)).join(', ')}`
        : '';
      const implemented = model.implementedTypes?.length
        ? ` implements ${model.implementedTypes.map((type) => p.someType(type)).join(', ')}`
        : '';
      return '```ts\n' + joinUnions(plainCode(`${keyword} ${model.name}${typeParameters}${parents}${implemented}`)) + '\n```';
    };

    p.memberWithGroups = (model, opts) => {
      if (![ReflectionKind.Interface, ReflectionKind.Class, ReflectionKind.TypeAlias].includes(model.kind)) {
        return base.memberWithGroups(model, opts);
      }
      // An interface of properties only is one block, as in TypeScript: `interface X { a: A; … }`.
      const onlyProperties =
        model.kind === ReflectionKind.Interface &&
        !model.signatures?.length &&
        !model.indexSignatures?.length &&
        model.groups?.length === 1 &&
        model.groups[0].children.every((child) => child.kind === ReflectionKind.Property);
      const properties = onlyProperties ? propertiesParts(model.groups[0].children) : null;
      const md = [
        properties?.anchors,
        model.kind === ReflectionKind.TypeAlias
          ? p.declarationTitle(model)
          : properties
            ? declarationLine(model).replace(/\n```$/, ` {\n${properties.lines.map((line) => `  ${line}`).join('\n')}\n}\n\`\`\``)
            : declarationLine(model),
      ];
      if (model.comment) md.push(p.comment(model.comment, {}));
      const hierarchy = model.typeHierarchy?.next ? p.hierarchy(model.typeHierarchy, { headingLevel: opts.headingLevel }) : '';
      if (!properties) md.push(hierarchy);
      if (model.typeParameters?.some(hasComment)) md.push(base.typeParametersTable(model.typeParameters));
      if (model.signatures?.length) {
        md.push(p.signatures(model, { headingLevel: opts.headingLevel, nested: false }));
      }
      if (model.indexSignatures?.length) {
        md.push(`**${i18n.theme_indexable()}:**`);
        for (const signature of model.indexSignatures) md.push(p.indexSignature(signature, { headingLevel: opts.headingLevel + 1 }));
      }
      if (properties) md.push(properties.list, oneParagraph([hierarchy, properties.types]));
      else md.push(p.body(model, { headingLevel: opts.headingLevel }));
      return md.filter(Boolean).join('\n\n');
    };

    // Type parameters of type aliases and variables: in the declaration's code block already, so a
    // table only when they are described. The markdown theme prints the table under a heading; render
    // the declaration with none and add the table (when wanted) after the summary.
    p.declaration = (model, opts) => {
      if (!model.typeParameters?.length) return base.declaration(model, opts);
      const typeParameters = model.typeParameters;
      model.typeParameters = undefined;
      let md;
      try {
        md = base.declaration(model, opts);
      } finally {
        model.typeParameters = typeParameters;
      }
      // The title was rendered without type parameters too: render it again with them.
      const withoutTitle = md.replace(/^```ts\n[\s\S]*?\n```/, '');
      const title = p.declarationTitle(model);
      const table = typeParameters.some(hasComment) ? `\n\n${base.typeParametersTable(typeParameters)}` : '';
      return `${title}${table}${withoutTitle}`;
    };

    // A module's groups open with an index of their declarations: a list with the first paragraph of
    // each where it has one, or one line of links when none has.
    p.groupIndex = (group) => {
      const children = group.children.filter((child) => this.router.hasUrl(child));
      const entries = children.map((child) => {
        const name = child.name.replace(/[_*[\]\\`<>]/g, '\\$&');
        const link = `[${child.isDeprecated() ? `~~${name}~~` : name}](${this.urlTo(child)})`;
        const comment = child.comment ?? child.signatures?.[0]?.comment;
        return { link, summary: comment ? this.helpers.getDescriptionForComment(comment)?.trim() : null };
      });
      if (!entries.some((entry) => entry.summary)) return entries.map((entry) => entry.link).join(' · ');
      return entries.map(({ link, summary }) => `- ${link}${summary ? `: ${summary}` : ''}`).join('\n');
    };
    p.members = (model, opts) => {
      const parent = model[0]?.parent;
      const own = base.members(model, opts);
      if (!parent || !CONTAINERS.includes(parent.kind) || model.length < 2) return own;
      return `${INDEX_START}\n\n${p.groupIndex({ children: model })}\n\n${INDEX_END}\n\n${own}`;
    };
  }
}

class ApiTheme extends MarkdownTheme {
  getRenderContext(page) {
    return new ApiThemeContext(this, page, this.application.options);
  }
}

/**
 * At most this many entries in a page's table of contents: at 1280 × 900 the table then fits the
 * viewport (about 24 px an entry) and can be read at a glance. A page with more declarations lists
 * only its groups there; each group opens with the index of its declarations.
 */
export const MAX_TOC_ENTRIES = 25;

/**
 * The page's final Markdown. A page whose table of contents would list more than MAX_TOC_ENTRIES
 * groups and declarations lists only the groups there (front matter), and keeps the index that opens
 * each group; a page with fewer lists its declarations in the table of contents, so the index would
 * only repeat it and is dropped. The rules typedoc puts between declarations go: the headings
 * separate them.
 */
export function finishPage(markdown) {
  const lines = markdown.split('\n');
  let inCode = false;
  let entries = 0;
  for (const line of lines) {
    if (line.startsWith('```')) inCode = !inCode;
    else if (!inCode && /^#{2,3} /.test(line)) entries++;
  }
  const limited = entries > MAX_TOC_ENTRIES;
  const out = [];
  let inIndex = false;
  inCode = false;
  for (const line of lines) {
    if (line.startsWith('```')) inCode = !inCode;
    if (!inCode && line === INDEX_START) inIndex = !limited;
    else if (!inCode && line === INDEX_END) inIndex = false;
    else if (!inIndex && (inCode || line !== '***')) out.push(line);
  }
  let body = out.join('\n').replace(/\n{3,}/g, '\n\n');
  const front = [];
  const heading = /^# (.+)$/m.exec(body);
  if (heading && body.trimStart().startsWith(heading[0])) {
    const plain = plainTitle(heading[1]);
    // Docusaurus takes a page's <title> and og:title from the heading's source, Markdown and all
    // (`Class: TRPCClientError\<TRouterOrProcedure *extends* …\>`): name it in plain text.
    if (plain !== heading[1]) front.push(`title: ${JSON.stringify(plain)}`);
    // With no sentence between the title and the first section, Docusaurus described the page by its
    // first section's heading ("Constructors"): say what the page lists instead.
    const description = pageDescription(plain, body);
    if (description) front.push(`description: ${JSON.stringify(description)}`);
    // A generic class's name and its type parameters are one long word; let the line break after `<`
    // rather than inside a name.
    body = body.replace(heading[0], heading[0].replace(/\\</g, '\\<<wbr />'));
  }
  if (limited && !body.startsWith('---\n')) front.push('toc_max_heading_level: 2');
  return front.length ? `---\n${front.join('\n')}\n---\n\n${body}` : body;
}

/**
 * A description for a reference page that opens with no sentence of its own (its title, then code or
 * its first section): what it lists. Null when a paragraph comes before the first section.
 * @param {string} title the page's title in plain text
 * @param {string} body the page's Markdown
 */
export function pageDescription(title, body) {
  const lines = body.split('\n');
  const start = lines.findIndex((l) => l.startsWith('# '));
  let inCode = false;
  const sections = [];
  let prose = false;
  for (const line of lines.slice(start + 1)) {
    if (line.startsWith('```')) inCode = !inCode;
    else if (inCode) continue;
    else if (line.startsWith('## ')) sections.push(plainTitle(line.slice(3)).toLowerCase());
    else if (sections.length === 0 && /^[A-Za-z`*_[]/.test(line)) prose = true;
  }
  if (prose || sections.length === 0) return null;
  const list = sections.length === 1 ? sections[0] : `${sections.slice(0, -1).join(', ')} and ${sections.at(-1)}`;
  return `${title} in the tRPC API reference: its ${list}, with their signatures.`;
}

/**
 * A heading's Markdown as plain text (plainCode, after dropping a custom anchor `\{#id\}`).
 * @param {string} markdown
 */
export function plainTitle(markdown) {
  return plainCode(markdown.replace(/\s*\\\{#[^}]*\\?\}\s*$/, '')).trim();
}

/** @param {import('typedoc-plugin-markdown').MarkdownApplication} app */
/**
 * Some doc comments of the packages end a sentence with a line break and no full stop ("Infer the
 * context type from a procedure builder⏎Useful to create …"). Markdown joins the lines, and the page,
 * its tables and the group index read "builder Useful to create". A line that ends without
 * punctuation, followed by one that starts with a capital letter, gets its full stop.
 * @param {string} text
 */
export function endSentences(text) {
  return text.replace(/(?<=[A-Za-z0-9`)\]])[ \t]*\n(?=[ \t]*[A-Z][a-z])/g, '.\n');
}

/** @param {import('typedoc').Comment | undefined} comment */
function endCommentSentences(comment) {
  if (!comment) return;
  for (const parts of [comment.summary, ...comment.blockTags.map((tag) => tag.content)]) {
    for (const part of parts) if (part.kind === 'text') part.text = endSentences(part.text);
  }
}

export function load(app) {
  app.converter.on(Converter.EVENT_RESOLVE_END, (context) => {
    for (const reflection of Object.values(context.project.reflections)) {
      endCommentSentences(reflection.comment);
      for (const signature of reflection.signatures ?? []) endCommentSentences(signature.comment);
    }
  });
  app.renderer.defineTheme(THEME_NAME, ApiTheme);
  app.renderer.on(MarkdownPageEvent.END, (page) => {
    if (page.contents) page.contents = finishPage(page.contents);
  });
}
