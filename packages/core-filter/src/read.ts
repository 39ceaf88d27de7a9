// Tolerant readers for outside JSON: never throw, give safe defaults. The record and array
// readers every package shares live in @pkg/kit; the number and string readers are core-filter's.
import { arr } from '@pkg/kit';

export { isRec, arr, type Rec } from '@pkg/kit';
export const num = (v: unknown): number | null => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  return Number.isFinite(n) ? n : null;
};
export const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' && Number.isFinite(v) ? String(v) : '');
export const strs = (v: unknown): string[] => arr(v).map(str).filter(Boolean);

// The one deep freeze of the packages lives in @pkg/kit.
export { deepFreeze } from '@pkg/kit';
