import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { escapeHtml } from '../../lib/html.ts';
import { PAGE_HEAD_END, PAGE_HEAD_START } from '../seo/page-head.ts';
import { islandProps, readIslandProps, splicePage } from './draw.ts';
import { checkDrawnPages, DRAWN_PAGES } from './templates.build.ts';

/** A page as Astro writes one the drawer works on: markers, part marks, islands with opts and props. */
function builtPage(expected: (typeof DRAWN_PAGES)[string]): string {
  const islands = Object.entries(expected.islands)
    .map(([name, props], i) => {
      const attrs = [
        `uid="Z${i}"`,
        `prefix="r${i}"`,
        `component-url="/_astro/${name}.abc.js"`,
        `props="${escapeHtml(props ? islandProps(props) : '{}')}"`,
        'ssr',
        'client="load"',
        `opts="${escapeHtml(JSON.stringify({ name, value: true }))}"`,
        'await-children',
      ];
      return `<astro-island ${attrs.join(' ')}><div>built</div><!--astro:end--></astro-island>`;
    })
    .join('');
  const parts = expected.parts.map((name) => `<template data-drawn="${name}"></template>`).join('');
  const head = expected.head ? `${PAGE_HEAD_START}<title>Template</title>${PAGE_HEAD_END}` : '<title>Search</title>';
  return `<!DOCTYPE html><html><head>${head}</head><body><header><astro-island uid="H" opts="{&quot;name&quot;:&quot;Header&quot;}"></astro-island></header><main>${parts}${islands}</main></body></html>`;
}

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function writeBuild(change: (page: string, html: string) => string = (_, html) => html): string {
  dir = mkdtempSync(path.join(tmpdir(), 'drawn-pages-'));
  for (const [page, expected] of Object.entries(DRAWN_PAGES)) {
    const file = path.join(dir, `${page}.html`);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, change(page, builtPage(expected)));
  }
  return dir;
}

describe('the build check of the pages the function draws into', () => {
  it('passes a build that has every marker, part, island and props encoding', async () => {
    await expect(checkDrawnPages(writeBuild())).resolves.toBeUndefined();
  });

  it('fails the build when a head marker changed', async () => {
    const out = writeBuild((page, html) => (page === '/product/_template' ? html.replace(PAGE_HEAD_START, '<!--head-->') : html));
    await expect(checkDrawnPages(out)).rejects.toThrow('/product/_template: no page-head markers');
  });

  it('fails the build when a part mark or an island is missing or renamed', async () => {
    const out = writeBuild((page, html) =>
      page === '/categories/_template'
        ? html.replace('data-drawn="categoryHeader"', 'data-part="categoryHeader"')
        : page === '/deals/_template'
          ? html.replace('&quot;name&quot;:&quot;ProductGrid&quot;', '&quot;component&quot;:&quot;ProductGrid&quot;')
          : html,
    );
    const check = checkDrawnPages(out);
    await expect(check).rejects.toThrow('/categories/_template: part marks [] instead of [categoryHeader]');
    await expect(check).rejects.toThrow("/deals/_template: 0 islands named 'ProductGrid' in <main> instead of 1");
  });

  it('fails the build when Astro encodes island props in another form', async () => {
    const out = writeBuild((page, html) =>
      // An array written with Astro's tag for plain values instead of its array tag.
      page === '/product/_template' ? html.replace('&quot;products&quot;:[1,[]]', '&quot;products&quot;:[0,[]]') : html,
    );
    await expect(checkDrawnPages(out)).rejects.toThrow("/product/_template: island 'RelatedProducts' props are written as");
  });

  it('fails the build when a page is missing', async () => {
    const out = writeBuild();
    rmSync(path.join(out, 'search.html'));
    await expect(checkDrawnPages(out)).rejects.toThrow('/search: not built');
  });
});

describe('the drawer', () => {
  const page = builtPage(DRAWN_PAGES['/product/_template'] ?? { parts: [], islands: {}, head: true });

  it('encodes props as it decodes them, and refuses what it cannot write', () => {
    const props = { a: 'x"<&', n: 1.5, none: null, gone: undefined, list: [1, { b: true }], nested: { c: [] } };
    expect(readIslandProps(islandProps(props))).toEqual(props);
    expect(() => islandProps({ when: new Date(0) })).toThrow('not plain data');
    expect(() => readIslandProps('{"when":[3,"1970-01-01T00:00:00.000Z"]}')).toThrow('encoded as');
  });

  it('puts the head, parts and islands in place and leaves everything else as built', () => {
    const drawn = splicePage(page, {
      head: `${PAGE_HEAD_START}<title>Drawn</title>${PAGE_HEAD_END}`,
      part: (name) => `<p>${name}</p>`,
      island: (mark) => (mark.name === 'RelatedProducts' ? null : { props: { initial: { name: '</script>' } }, html: '<b>new</b>' }),
    });
    expect(drawn).toContain('<title>Drawn</title>');
    expect(drawn).toContain('<p>productBreadcrumb</p><p>productAbout</p>');
    expect(drawn).not.toContain('RelatedProducts');
    expect(drawn).toContain(
      `props="${escapeHtml(islandProps({ initial: { name: '</script>' } }))}" ssr client="load" opts="{&quot;name&quot;:&quot;ProductDetail&quot;,&quot;value&quot;:true}" await-children><b>new</b><!--astro:end--></astro-island>`,
    );
    // The header's island is outside <main>: untouched.
    expect(drawn).toContain('<header><astro-island uid="H" opts="{&quot;name&quot;:&quot;Header&quot;}"></astro-island></header>');
  });

  it('puts markup before an island and values into its fields as built, never into a password field', () => {
    const open = '<astro-island uid="F" props="{}" opts="{&quot;name&quot;:&quot;Form&quot;}">';
    const built = (fields: string) => `<html><body><main>${open}<form>${fields}</form><!--astro:end--></astro-island></main></body></html>`;
    const drawn = splicePage(
      built(
        '<input name="email" type="email" value="old"/><input name="password" type="PASSWORD" value=""/><textarea name="note">\nold</textarea><input name="other"><input name="constructor">',
      ),
      {
        island: (mark) =>
          mark.name === 'Form' ? { before: '<p>Problem</p>', values: { email: 'a"b', password: 'secret', note: '\nx<y' } } : undefined,
      },
    );
    expect(drawn).toBe(
      built(
        '<input name="email" type="email" value="a&quot;b"><input name="password" type="PASSWORD" value=""/><textarea name="note">\n\nx&lt;y</textarea><input name="other"><input name="constructor">',
      ).replace(open, `<p>Problem</p>${open}`),
    );
  });
});
