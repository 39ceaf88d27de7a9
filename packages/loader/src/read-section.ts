// Reads one of the loader's own settings sections (`search`, `cart`): core-filter validates the
// sections it knows and rejects others, so the loader takes its sections off and checks them here,
// worded like core-filter's problems and reported in the same one console message.

import { describeValue as describe, isRec, type Rec } from '@pkg/kit';

/** Per key: what a valid value is (for the message) and the check. */
export type SectionChecks = Record<string, [string, (v: unknown) => boolean]>;

/** The check of a section's on/off key. */
export const BOOL_CHECK: SectionChecks[string] = ['a boolean', (v) => typeof v === 'boolean'];

/**
 * Checks `settings.<name>`: unknown keys and wrong types are problems; what is valid is kept
 * (objects copied and frozen), the rest takes its default. The options are frozen.
 */
export function readSection<T extends object>(name: string, raw: unknown, defaults: T, checks: SectionChecks): { options: T; problems: string[] } {
  const problems: string[] = [];
  if (raw === undefined) return { options: defaults, problems };
  if (!isRec(raw)) return { options: defaults, problems: [`settings.${name} must be an object, got ${describe(raw)}.`] };
  const out: Rec = { ...(defaults as Rec) };
  for (const [key, v] of Object.entries(raw)) {
    const check = checks[key];
    if (!check) problems.push(`settings.${name}.${key} is not a known setting; check its spelling (known: ${Object.keys(checks).join(', ')}).`);
    else if (v === undefined) continue;
    else if (!check[1](v)) problems.push(`settings.${name}.${key} must be ${check[0]}, got ${describe(v)}.`);
    else out[key] = isRec(v) ? Object.freeze({ ...v }) : v;
  }
  return { options: Object.freeze(out) as T, problems };
}
