// Tolerant readers for outside JSON (service answers, settings a page writes, uploaded documents):
// they never throw and give a safe default. Every @pkg package reads outside JSON with these.

/** A plain object read from outside JSON. */
export type Rec = Record<string, unknown>;

/** True for a plain object (not null, not an array). */
export const isRec = (v: unknown): v is Rec => typeof v === 'object' && v !== null && !Array.isArray(v);

/** `v` when it is an array, else an empty one. */
export const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
