import DOMPurify from 'dompurify';

/**
 * The help texts' HTML (staticcontent, docs/product.md 2) comes from the organization's
 * content, not from us: only an explicit allow-list of text markup is shown, never a script,
 * style, form, frame, image or event handler, whatever DOMPurify's defaults would let through
 * in a later version. Links go only to web, mail and phone addresses or paths of this site.
 */
export const HELP_ALLOWED_TAGS = [
  'p',
  'br',
  'strong',
  'em',
  'b',
  'i',
  'u',
  'small',
  'span',
  'ul',
  'ol',
  'li',
  'h3',
  'h4',
  'h5',
  'h6',
  'blockquote',
  'a',
] as const;

const ALLOWED_ATTR = ['href', 'title', 'lang'];
// A path of this site: not "//host" and not "/\host", which browsers read as "//host".
const ALLOWED_URI = /^(?:https?:|mailto:|tel:|\/(?![/\\])|#)/i;

export function sanitizeHelpHtml(html: string): string {
  return DOMPurify.sanitize(html, {
    ALLOWED_TAGS: [...HELP_ALLOWED_TAGS],
    ALLOWED_ATTR,
    ALLOWED_URI_REGEXP: ALLOWED_URI,
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
  });
}
