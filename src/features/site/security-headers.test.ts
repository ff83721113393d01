import { describe, expect, it } from 'vitest';
import { inlineScripts } from './security-headers.ts';

describe('the inline scripts a page runs (hashed into its Content-Security-Policy)', () => {
  it('finds each script body exactly as written, whatever the case of the tag', () => {
    const html =
      '<!doctype html><html><head><script>window.a = 1;</script><SCRIPT TYPE=module>\n  import "/x.js";\n</SCRIPT >' +
      '</head><body><script>if (a &amp;&amp; b < c) document.write("<p>" + "</p>")</script><script></script></body></html>';
    expect(inlineScripts(html)).toEqual([
      'window.a = 1;',
      '\n  import "/x.js";\n',
      'if (a &amp;&amp; b < c) document.write("<p>" + "</p>")',
      '',
    ]);
  });

  it('leaves out scripts loaded from a file, data blocks, and scripts in comments', () => {
    const html =
      '<script src="/_astro/page.js"></script><script type="application/ld+json">{"@type":"Product"}</script>' +
      '<script type="application/json">{}</script><script type=" ImportMap ">{"imports":{}}</script>' +
      '<script type="text/plain">notes</script><!-- <script>old()</script> --><script data-src="x">runs()</script>';
    expect(inlineScripts(html)).toEqual(['runs()']);
  });
});
