/**
 * The sign-in's own small HTML pages (the demo sign-in, a failed OpenID Connect sign-in, the
 * demo's logged-out page): Danish, readable on a phone, no script. They are not the app: they
 * stand between the app and a sign-on.
 */

export const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** A whole page; `body` is HTML the caller has escaped. */
export function htmlPage(title: string, body: string): string {
  return `<!doctype html>
<html lang="da">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} – Boligtilgængelighed</title>
<!-- No icon of its own: without this line the browser asks for /favicon.ico, a 404 in the console. -->
<link rel="icon" href="data:,">
<style>
  body { font-family: system-ui, sans-serif; margin: 0; background: #f4f6f8; color: #1a1b1e; line-height: 1.5; }
  main { max-width: 34rem; margin: 2rem auto; padding: 1.5rem; background: #fff; border-radius: 8px; }
  h1 { font-size: 1.5rem; margin-top: 0; }
  ul { list-style: none; padding: 0; margin: 0; }
  li { margin: 0 0 .75rem; }
  button, a.button { display: block; width: 100%; text-align: left; font: inherit; padding: .75rem 1rem;
    border: 1px solid #1864ab; border-radius: 6px; background: #fff; color: #1a1b1e; cursor: pointer; text-decoration: none; box-sizing: border-box; }
  button:hover, a.button:hover { background: #e7f5ff; }
  button:focus-visible, a:focus-visible { outline: 3px solid #1864ab; outline-offset: 2px; }
  .name { font-weight: 600; display: block; }
  .desc { color: #495057; font-size: .9rem; }
</style>
</head>
<body><main>${body}</main></body>
</html>`;
}
