import { useEffect, useMemo, useState, type ElementType } from 'react';
import type { DOMPurify as Purifier } from 'dompurify';
import { isSafeUrl } from '@pkg/core-filter';

export interface SafeHtmlProps {
  /** HTML from the shop (theme product items, collection descriptions). */
  html: string;
  /** The element that wraps the HTML. */
  as?: ElementType;
  className?: string;
}

const FORBID_TAGS = ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'object', 'embed', 'base', 'meta', 'link'];

// DOMPurify is loaded only where shop HTML renders (a separate chunk: most pages never need it).
let purifier: Purifier | null | undefined;
let loading: Promise<Purifier | null> | undefined;

/** DOMPurify with the toolkit's URL hook, or null where it cannot work (no DOM: server rendering). */
function configure(p: Purifier): Purifier | null {
  if (!p.isSupported) return null;
  // Only http(s), relative and fragment URLs survive in href/src; links opening a new tab
  // cannot reach back into the shop's window.
  p.addHook('afterSanitizeAttributes', (node) => {
    for (const attr of ['href', 'src', 'xlink:href', 'action', 'formaction', 'srcset']) {
      const value = node.getAttribute(attr);
      if (value !== null && !isSafeUrl(attr === 'srcset' ? value.trim().split(/\s+/)[0] ?? '' : value)) node.removeAttribute(attr);
    }
    if (node.getAttribute('target') === '_blank') node.setAttribute('rel', 'noopener noreferrer');
  });
  return p;
}

/**
 * Starts loading the sanitiser (once per page) and resolves when it is ready: a page that will
 * show shop HTML calls this early so the HTML renders without waiting. A failed load is logged
 * and leaves shop HTML unrendered (never unsanitised).
 */
export function loadSanitizer(): Promise<Purifier | null> {
  loading ??= import('dompurify').then(
    (m) => (purifier = configure(m.default)),
    (e: unknown) => {
      console.error('[@pkg/react-ui] DOMPurify did not load; shop HTML is not shown.', e);
      return (purifier = null);
    },
  );
  return loading;
}

/**
 * The one place in the toolkit that puts shop HTML into the page. Everything is sanitised with
 * DOMPurify (scripts, event handlers, forms, styles and non-http URLs removed). Until the
 * sanitiser has loaded (`loadSanitizer`), and where no DOM is available (server rendering), the
 * element is empty: never unsanitised markup.
 */
export function SafeHtml({ html, as: Tag = 'div', className }: SafeHtmlProps) {
  // DOMPurify is a function (it makes instances): kept through updaters, never called by React.
  const [ready, setReady] = useState(() => purifier);
  useEffect(() => {
    if (ready !== undefined) return;
    let live = true;
    void loadSanitizer().then((p) => live && setReady(() => p));
    return () => {
      live = false;
    };
  }, [ready]);
  const clean = useMemo(() => (ready ? ready.sanitize(html, { FORBID_TAGS, FORBID_ATTR: ['style'], ADD_ATTR: ['target'] }) : ''), [ready, html]);
  return <Tag className={className} dangerouslySetInnerHTML={{ __html: clean }} />;
}
