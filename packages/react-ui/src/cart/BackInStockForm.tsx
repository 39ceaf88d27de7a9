import { useId, useRef, useState, type FormEvent } from 'react';
import { cx } from '../class-names';
import { uiLabels } from '../ui-labels';
import type { CartFetch } from './cart-store';

export interface BackInStockTranslations {
  title: string;
  email: string;
  submit: string;
  /** F8.7 */
  invalidEmail: string;
  /** F8.8 */
  thanks: string;
  failed: string;
}

/**
 * The form's texts a shop's labels name (`invalidEmail`, `notifySuccess`) from `labels`
 * (core-filter's `settings.labels`), the English ones where it has none: pass them as the form's
 * `translations` to show the shop's.
 */
export const backInStockTexts = (labels: object): Pick<BackInStockTranslations, 'invalidEmail' | 'thanks'> => {
  const ui = uiLabels(labels);
  return { invalidEmail: ui.invalidEmail, thanks: ui.notifySuccess };
};

export const defaultBackInStockTranslations: BackInStockTranslations = {
  title: 'Email me when this is available',
  email: 'Email address',
  submit: 'Notify me',
  ...backInStockTexts({}),
  failed: 'Something went wrong. Please try again.',
};

export interface BackInStockFormProps {
  productId: string | number;
  variantId?: string | number | null;
  /** Where the request is posted as JSON `{ email, product_id, variant_id }` (default '/api/back-in-stock'). */
  endpoint?: string;
  /** Defaults to the browser's fetch, resolved when first needed. */
  fetch?: CartFetch;
  className?: string;
  translations?: Partial<BackInStockTranslations>;
}

/** Local parts, domains and top-level domains as the demo engine checks them; no spaces, quotes or angle brackets. */
export const EMAIL_PATTERN = /^[^\s@<>"']{1,64}@[^\s@<>"']{1,185}\.[^\s@<>"']{2,63}$/;

/**
 * The back-in-stock form for a sold-out variant: checks the address before sending (F8.7),
 * posts it to `endpoint`, and thanks the shopper when the service accepts it (F8.8). A
 * service that rejects the address shows F8.7 too; any other failure shows `failed`.
 */
export function BackInStockForm({ productId, variantId, endpoint = '/api/back-in-stock', fetch: doFetch, className, translations }: BackInStockFormProps) {
  const t = { ...defaultBackInStockTranslations, ...translations };
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<{ status: 'idle' | 'sending' | 'done'; error: string }>({ status: 'idle', error: '' });
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const email = (input.current?.value ?? '').trim();
    if (!EMAIL_PATTERN.test(email)) {
      setState({ status: 'idle', error: t.invalidEmail });
      input.current?.focus();
      return;
    }
    setState({ status: 'sending', error: '' });
    try {
      const body = { email, product_id: productId, ...(variantId != null ? { variant_id: variantId } : {}) };
      const res = await (doFetch ?? globalThis.fetch)(endpoint, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' }, body: JSON.stringify(body) });
      const json = (await res.json().catch(() => null)) as { success?: unknown; error?: unknown } | null;
      if (res.ok && json?.success === true) setState({ status: 'done', error: '' });
      else setState({ status: 'idle', error: json?.error === 'invalid_email' ? t.invalidEmail : t.failed });
    } catch {
      setState({ status: 'idle', error: t.failed });
    }
  };
  return (
    <form className={cx('pkg-back-in-stock', className)} noValidate aria-labelledby={`${id}-title`} onSubmit={(e) => void submit(e)}>
      <p id={`${id}-title`} className="pkg-back-in-stock__title">
        {t.title}
      </p>
      {state.status === 'done' ? (
        <p className="pkg-back-in-stock__thanks" role="status">
          {t.thanks}
        </p>
      ) : (
        <>
          <label htmlFor={`${id}-email`}>{t.email}</label>
          <input
            ref={input}
            id={`${id}-email`}
            type="email"
            name="email"
            autoComplete="email"
            aria-invalid={state.error ? true : undefined}
            aria-describedby={state.error ? `${id}-error` : undefined}
            onChange={() => state.error && setState({ status: 'idle', error: '' })}
          />
          <button type="submit" className="pkg-button" disabled={state.status === 'sending'}>
            {t.submit}
          </button>
          <p id={`${id}-error`} className="pkg-back-in-stock__error" role="alert">
            {state.error}
          </p>
        </>
      )}
    </form>
  );
}
