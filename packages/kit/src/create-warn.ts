/** A console warning with a package prefix, e.g. `[@pkg/core-filter] ...`. */
export type Warn = (message: string, ...details: unknown[]) => void;

/**
 * The warning helper of a package: `console.warn` (looked up on each call, so importing touches
 * nothing and a missing console is no error) with `prefix` before the message. Warnings meant
 * for developers only go in a `process.env.NODE_ENV !== 'production'` branch at the call site,
 * so production bundles drop their text.
 */
export function createWarn(prefix: string): Warn {
  return (message, ...details) => {
    const c = (globalThis as { console?: { warn?: (...a: unknown[]) => void } }).console;
    c?.warn?.(`${prefix} ${message}`, ...details);
  };
}
