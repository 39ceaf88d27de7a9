import DOMPurify from 'dompurify';
import { useMemo, type ElementType } from 'react';
import { isSafeUrl } from '@pkg/core-filter';

export interface SafeHtmlProps {
  /** HTML from the shop (theme product items, collection descriptions). */
  html: string;
  /** The element that wraps the HTML. */
  as?: ElementType;
  className?: string;
}

const FORBID_TAGS = ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'object', 'embed', 'base', 'meta', 'link'];

let hooked = false;
function purifier(): typeof DOMPurify | null {
  if (!DOMPurify.isSupported) return null;
  if (!hooked) {
    hooked = true;
    // Only http(s), relative and fragment URLs survive in href/src; links opening a new tab
    // cannot reach back into the shop's window.
    DOMPurify.addHook('afterSanitizeAttributes', (node) => {
      for (const attr of ['href', 'src', 'xlink:href', 'action', 'formaction', 'srcset']) {
        const value = node.getAttribute(attr);
        if (value !== null && !isSafeUrl(attr === 'srcset' ? value.trim().split(/\s+/)[0] ?? '' : value)) node.removeAttribute(attr);
      }
      if (node.getAttribute('target') === '_blank') node.setAttribute('rel', 'noopener noreferrer');
    });
  }
  return DOMPurify;
}

/**
 * The one place in the toolkit that puts shop HTML into the page. Everything is sanitised with
 * DOMPurify (scripts, event handlers, forms, styles and non-http URLs removed). Where no DOM is
 * available (server rendering), nothing is rendered rather than unsanitised markup.
 */
export function SafeHtml({ html, as: Tag = 'div', className }: SafeHtmlProps) {
  const clean = useMemo(() => {
    const p = purifier();
    return p ? p.sanitize(html, { FORBID_TAGS, FORBID_ATTR: ['style'], ADD_ATTR: ['target'] }) : '';
  }, [html]);
  return <Tag className={className} dangerouslySetInnerHTML={{ __html: clean }} />;
}
