import { evaluate } from '@mdx-js/mdx';
import { createElement } from 'react';
import * as runtime from 'react/jsx-runtime';
import { renderToStaticMarkup } from 'react-dom/server';
import remarkGfm from 'remark-gfm';
import { describe, expect, it } from 'vitest';
import rehypeTaskLists from '../rehypeTaskLists';

const html = async (source: string, plugins = [rehypeTaskLists], path?: string) => {
  const { default: Content } = await evaluate(path ? { value: source, path } : source, { ...runtime, remarkPlugins: [remarkGfm], rehypePlugins: plugins });
  return renderToStaticMarkup(createElement(Content));
};

/** Each checkbox's accessible name as a browser computes it from aria-labelledby: the label's text. */
function names(markup: string): string[] {
  const labels = new Map([...markup.matchAll(/<span id="([^"]+)">([\s\S]*?)<\/span>/g)].map((m) => [m[1], m[2]!.replace(/<[^>]+>/g, '').trim()]));
  return [...markup.matchAll(/<input[^>]*>/g)].map((m) => {
    const id = /aria-labelledby="([^"]+)"/.exec(m[0])?.[1];
    return id === undefined ? '(no name)' : (labels.get(id) ?? `(missing #${id})`);
  });
}

describe('rehypeTaskLists', () => {
  it('without the plugin the checkboxes have no name (what axe reported)', async () => {
    expect(names(await html('- [ ] Upgrade\n- [x] Rename\n', []))).toEqual(['(no name)', '(no name)']);
  });

  it('names each checkbox with its own item text, markup included', async () => {
    const out = await html('- [ ] Upgrade `@trpc/server`\n- [x] Rename **isLoading**\n');
    expect(names(out)).toEqual(['Upgrade @trpc/server', 'Rename isLoading']);
    expect(out).toContain('<span id="task-1"> Upgrade <code>@trpc/server</code></span>');
    expect(out).toMatch(/<input[^>]*checked=""[^>]*aria-labelledby="task-2"|<input[^>]*aria-labelledby="task-2"[^>]*checked=""/);
  });

  it('leaves a nested list out of the label and names the nested items too', async () => {
    const out = await html('- [ ] Outer step\n  - [ ] Inner step\n');
    expect(names(out)).toEqual(['Outer step', 'Inner step']);
    expect(out).not.toMatch(/<span id="task-1">[^<]*<ul/);
  });

  it('handles loose lists, where the checkbox sits in a paragraph', async () => {
    expect(names(await html('- [ ] First\n\n- [ ] Second\n'))).toEqual(['First', 'Second']);
  });

  it('skips ids the document already uses (here in JSX)', async () => {
    const out = await html('<span id="task-1">taken</span>\n\n- [ ] Step\n');
    expect(out).toContain('aria-labelledby="task-2"');
    expect(names(out)).toEqual(['Step']);
  });

  it('gives two documents different ids, so two posts on one page cannot share one', async () => {
    const a = await html('- [ ] Step\n', undefined, '/site/blog/2024-01-01-a.md');
    const b = await html('- [ ] Step\n', undefined, '/site/blog/2024-02-01-b.md');
    const id = (markup: string) => /aria-labelledby="([^"]+)"/.exec(markup)![1];
    expect(id(a)).toMatch(/^task-[0-9a-f]{6}-1$/);
    expect(id(a)).not.toBe(id(b));
    expect(names(a)).toEqual(['Step']);
  });

  it('leaves ordinary lists alone', async () => {
    const out = await html('- plain item\n- another\n');
    expect(out).not.toMatch(/aria-labelledby|task-/);
  });
});
