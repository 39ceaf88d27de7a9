// The only file of this package that names browser globals. Every default is resolved lazily,
// on first use; importing the package touches nothing.
import type { RouterWindow } from '@pkg/url-state';
import type { JsonpDocument } from './transport';

/** A Storage-like object (sessionStorage by default). */
export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export const hasWindow = (): boolean => typeof window !== 'undefined';

export function defaultWindow(): (RouterWindow & Record<string, unknown>) | undefined {
  return typeof window === 'undefined' ? undefined : (window as unknown as RouterWindow & Record<string, unknown>);
}

export function defaultDocument(): (JsonpDocument & { title: string }) | undefined {
  return typeof document === 'undefined' ? undefined : (document as unknown as JsonpDocument & { title: string });
}

export function defaultSessionStorage(): StorageLike | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    return undefined;
  }
}

export function defaultLocation(): { pathname: string; search: string; hash: string; assign?(url: string): void } | undefined {
  return typeof location === 'undefined' ? undefined : location;
}

export function defaultUserAgent(): string {
  return typeof navigator === 'undefined' ? '' : navigator.userAgent;
}
