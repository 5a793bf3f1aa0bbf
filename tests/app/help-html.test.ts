// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { sanitizeHelpHtml } from '../../src/features/assessment/help-html';

/** Help HTML is shown through an explicit allow-list of tags. */
describe('help text HTML', () => {
  it('keeps the text markup of the help texts', () => {
    const html =
      '<p>Døren skal være <strong>mindst 77 cm</strong> bred.</p><ul><li>Mål <em>fri</em> passage</li></ul>' +
      '<h4>Kilde</h4><p><a href="https://bygningsreglementet.dk/" title="BR18">BR18</a> og <a href="/hjaelp.html">hjælp</a></p>';
    expect(sanitizeHelpHtml(html)).toBe(html);
  });

  it('drops scripts, styles, frames, forms, images and event handlers, keeping their text where it is text', () => {
    const out = sanitizeHelpHtml(
      '<p onclick="steal()" style="color:red" class="x" data-x="1">Tekst<script>steal()</script></p>' +
        '<img src="x" onerror="steal()"><iframe src="https://evil.example"></iframe>' +
        '<form action="https://evil.example"><input name="p"></form><svg><a href="javascript:x">svg</a></svg>' +
        '<div><table><tr><td>celle</td></tr></table></div>',
    );
    expect(out).toBe('<p>Tekst</p>celle');
  });

  it('lets links go only to web, mail and phone addresses or paths of this site', () => {
    // `/\host` and `/<tab>/host` are `//host` to a browser.
    const refused = [
      'javascript:alert(1)',
      'data:text/html,x',
      '//evil.example/',
      'vbscript:x',
      '/\\evil.example/',
      '/\t/evil.example/',
    ];
    const hrefs = refused.map((href) => sanitizeHelpHtml(`<a href="${href}">x</a>`));
    expect(hrefs).toEqual(refused.map(() => '<a>x</a>'));
    expect(sanitizeHelpHtml('<a href="/hjaelp.html">h</a>')).toBe('<a href="/hjaelp.html">h</a>');
    expect(sanitizeHelpHtml('<a href="mailto:a@b.dk">a</a><a href="tel:+4512345678">t</a>')).toBe(
      '<a href="mailto:a@b.dk">a</a><a href="tel:+4512345678">t</a>',
    );
  });
});
