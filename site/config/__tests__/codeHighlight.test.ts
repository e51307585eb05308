import { compile } from '@mdx-js/mdx';
import { themes } from 'prism-react-renderer';
import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { highlightLines, loadLanguages, plainTokenTypes, prismThemeCss, remarkCodeHighlight } from '../codeHighlight';
import { escapeHtml, shownLinesHtml } from '../../src/components/CodeHighlight/lines';

describe('highlightLines', () => {
  it('wraps Prism tokens in spans with their types and leaves plain text bare', () => {
    const [line] = highlightLines('const order = await getOrder(1);', 'ts');
    expect(line).toContain('<span class="token keyword">const</span>');
    expect(line).toContain('<span class="token number">1</span>');
    expect(line).toContain(' order ');
    expect(line).not.toContain('plain');
  });

  it('returns one entry per line, empty lines included, and tokens spanning lines are split', () => {
    const lines = highlightLines('/* a\n b */\n\nlet x = 1;', 'ts');
    expect(lines).toHaveLength(4);
    expect(lines[0]).toBe('<span class="token comment">/* a</span>');
    expect(lines[1]).toBe('<span class="token comment"> b */</span>');
    expect(lines[2]).toBe('');
  });

  it('escapes markup in code, highlighted or not', () => {
    expect(highlightLines('const a = "<b>" && 1 > 0;', 'ts')[0]).not.toMatch(/<b>|&&|1 > 0/);
    expect(highlightLines('<script>alert(1)</script> & co', 'text')).toEqual([
      '&lt;script&gt;alert(1)&lt;/script&gt; &amp; co',
    ]);
  });

  it('knows the additional languages once they are loaded, and names a missing one', () => {
    const prism = loadLanguages(['bash', 'diff']);
    expect(highlightLines('npm install @trpc/server # server', 'bash', prism)[0]).toContain('token comment');
    expect(highlightLines('+ added', 'diff', prism)[0]).toContain('token inserted');
    expect(() => loadLanguages(['no-such-language'])).toThrow(/no component prism-no-such-language/);
  });
});

describe('plainTokenTypes', () => {
  const theme = (plain: string, styles: { types: string[]; style: Record<string, string> }[]) => ({ plain: { color: plain }, styles });

  it("finds the site's themes' types that look like plain text in both modes, and leaves them unwrapped", () => {
    const siteCss = fs.readFileSync(path.join(__dirname, '../../src/css/custom.css'), 'utf8');
    const plain = plainTokenTypes(themes.github, themes.dracula, siteCss);
    expect([...plain].sort()).toEqual(['operator', 'punctuation']);
    expect(highlightLines('const a = f(b) + 1;', 'ts', undefined, plain)).toEqual([
      '<span class="token keyword">const</span> a = <span class="token function">f</span>(b) + <span class="token number">1</span>;',
    ]);
    // Without the set every token keeps its span.
    expect(highlightLines('f(b);', 'ts')[0]).toContain('<span class="token punctuation">(</span>');
  });

  it('compares colours written in hex and rgb() alike', () => {
    const light = theme('#393A34', [{ types: ['punctuation'], style: { color: '#393a34' } }]);
    const dark = theme('#F8F8F2', [{ types: ['punctuation'], style: { color: 'rgb(248, 248, 242)' } }]);
    expect([...plainTokenTypes(light, dark)]).toEqual(['punctuation']);
    const short = theme('#fff', [{ types: ['punctuation'], style: { color: 'rgba(255,255,255,1)' } }]);
    expect([...plainTokenTypes(short, short)]).toEqual(['punctuation']);
  });

  it('keeps a type that one mode colours, styles beyond colour, or the site CSS names', () => {
    const light = theme('#000', [
      { types: ['punctuation', 'operator', 'namespace'], style: { color: '#000' } },
      { types: ['namespace'], style: { color: '#000', fontStyle: 'italic' } },
    ]);
    const dark = theme('#fff', [{ types: ['operator'], style: { color: '#f0f' } }]);
    expect([...plainTokenTypes(light, dark)]).toEqual(['punctuation']);
    expect([...plainTokenTypes(light, dark, '.theme-code-block .token:is(.comment, .punctuation) { color: red }')]).toEqual([]);
    // A class that only starts with the type's name does not count.
    expect([...plainTokenTypes(light, dark, '.token.punctuation-mark { color: red }')]).toEqual(['punctuation']);
  });

  it('wraps a token when any of its types is not plain', () => {
    const plain = new Set(['punctuation']);
    // `${` of a template string: "interpolation-punctuation punctuation" and more.
    expect(highlightLines('`a${b}`', 'ts', undefined, plain)[0]).toContain('<span class="token template-string');
  });
});

describe('remarkCodeHighlight in an MDX compile', () => {
  it('passes the highlighted lines to the code element as data-code-html', async () => {
    const source = '# Title\n\n```ts title="server.ts"\nconst a = 1;\n```\n\nSome `inline` code.\n';
    const out = String(await compile(source, { remarkPlugins: [[remarkCodeHighlight, {}]] }));
    expect(out).toMatch(/"data-code-html": "<span class=\\"token keyword\\">const<\/span> a /);
    expect(out.match(/data-code-html/g)).toHaveLength(1);
  });

  it('falls back to the default language, then to plain text', async () => {
    const out = String(
      await compile('```\nconst a = 1;\n```\n', { remarkPlugins: [[remarkCodeHighlight, { defaultLanguage: 'ts' }]] }),
    );
    expect(out).toContain('token keyword');
    const plain = String(await compile('```\nconst a = 1;\n```\n', { remarkPlugins: [[remarkCodeHighlight, {}]] }));
    expect(plain).toContain('"data-code-html": "const a = 1;"');
  });
});

describe('prismThemeCss', () => {
  const css = prismThemeCss(themes.github, themes.dracula);
  it('sets the plain colours of each mode as the variables the code block reads', () => {
    expect(css).toContain(":root:not([data-theme='dark']){--prism-color:#393A34;--prism-background-color:#f6f8fa}");
    expect(css).toContain("[data-theme='dark']{--prism-color:#F8F8F2;--prism-background-color:#282A36}");
  });
  it('scopes every token rule to its mode and turns style keys into CSS properties', () => {
    expect(css).toContain(":root:not([data-theme='dark']) .token.comment");
    expect(css).toContain('font-style:italic');
    expect(css).toMatch(/\[data-theme='dark'\] \.token\.keyword[^{]*\{color:rgb\(189, 147, 249\);font-style:italic\}/);
    expect(css).not.toMatch(/fontStyle/);
  });
  it('keeps language-specific entries to their language', () => {
    const custom = { plain: { color: '#000' }, styles: [{ types: ['tag'], languages: ['markup'], style: { color: 'red' } }] };
    expect(prismThemeCss(custom, custom)).toContain(":root:not([data-theme='dark']) .language-markup .token.tag{color:red}");
  });
});

describe('shownLinesHtml', () => {
  const written = 'a\n// highlight-next-line\nb\nc\n';
  const html = ['A', '<i>comment</i>', 'B', 'C'].join('\n');
  it('returns the lines as they are when the theme shows every written line', () => {
    expect(shownLinesHtml('X\nY', 'x\ny\n', 'x\ny')).toEqual(['X', 'Y']);
  });
  it('skips the lines the theme dropped (magic comments)', () => {
    expect(shownLinesHtml(html, written, 'a\nb\nc')).toEqual(['A', 'B', 'C']);
  });
  it('falls back to escaped plain lines when nothing was computed or the lines do not match', () => {
    expect(shownLinesHtml(undefined, '<a>\n', '<a>')).toEqual(['&lt;a&gt;']);
    expect(shownLinesHtml('A\nB', 'a\nb\nc', 'a\nb\nc')).toEqual(['a', 'b', 'c']);
    expect(shownLinesHtml(html, written, 'a\nz')).toEqual(['a', 'z']);
  });
  it('escapes the same way as the build step', () => {
    expect(escapeHtml('<&>"')).toBe('&lt;&amp;&gt;&quot;');
  });
});
