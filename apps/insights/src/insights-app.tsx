import { useCallback, useState, type FormEvent } from 'react';
import { InsightsDashboard } from './insights-dashboard';

/** Where the token is kept for the tab's session (never in the URL, never in localStorage). */
export const TOKEN_KEY = 'pkg-insights-token';

export interface InsightsAppProps {
  apiBase?: string;
  /** Default `window.sessionStorage`; null keeps the token in memory only. */
  storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;
  fetch?: typeof globalThis.fetch;
}

const sessionStore = () => {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
};

/** Asks for the owner's token, then shows the dashboard; a refused token asks again. */
export function InsightsApp({ apiBase, storage = sessionStore(), fetch }: InsightsAppProps) {
  const [token, setToken] = useState(() => storage?.getItem(TOKEN_KEY) ?? '');
  const [refused, setRefused] = useState(false);
  const signOut = useCallback(() => {
    storage?.removeItem(TOKEN_KEY);
    setToken('');
  }, [storage]);
  const onUnauthorized = useCallback(() => {
    setRefused(true);
    signOut();
  }, [signOut]);
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const value = String(new FormData(e.currentTarget).get('token') ?? '').trim();
    if (!value) return;
    storage?.setItem(TOKEN_KEY, value);
    setRefused(false);
    setToken(value);
  };
  if (!token) {
    return (
      <main className="ins ins-login">
        <h1>Search insights</h1>
        <form onSubmit={submit} method="post" action="#">
          <label htmlFor="ins-token">Owner token</label>
          <input id="ins-token" name="token" type="password" autoComplete="current-password" required />
          <button type="submit">Show insights</button>
        </form>
        {refused ? <p role="alert">That token was refused. Check INSIGHTS_TOKEN on the server.</p> : null}
      </main>
    );
  }
  return (
    <>
      <InsightsDashboard token={token} onUnauthorized={onUnauthorized} {...(apiBase ? { apiBase } : {})} {...(fetch ? { fetch } : {})} />
      <p className="ins-signout">
        <button type="button" onClick={signOut}>
          Sign out
        </button>
      </p>
    </>
  );
}
