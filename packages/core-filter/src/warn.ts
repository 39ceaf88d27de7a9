/** Console warnings carry the package prefix (F8.11). The console is looked up lazily. */
export const PREFIX = '[@pkg/core-filter]';

export function warn(message: string, ...details: unknown[]): void {
  const c = (globalThis as { console?: { warn?: (...a: unknown[]) => void } }).console;
  c?.warn?.(`${PREFIX} ${message}`, ...details);
}
