import { deviceClass } from '@pkg/core-filter/view';
import type { Device } from './find-containers';

/** The resize debounce (F9.2). */
export const RESIZE_DEBOUNCE_MS = 500;
/** Widths up to this are the mobile device class (S9.5). */
export const MOBILE_MAX_WIDTH = 767;

export interface ResizeWindow {
  readonly innerWidth: number;
  addEventListener(type: 'resize', fn: () => void): void;
  removeEventListener(type: 'resize', fn: () => void): void;
}

export interface DeviceTimers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(id: unknown): void;
}

/** The loader's two device classes: core-filter's mobile class (S9.5), else desktop (tablets show the desktop tree). */
export function deviceOf(width: number, mobileMaxWidth = MOBILE_MAX_WIDTH): Device {
  return deviceClass(width, { mobile: mobileMaxWidth, tablet: Math.max(mobileMaxWidth, 1199) }) === 'mobile' ? 'mobile' : 'desktop';
}

/**
 * Calls `onChange(device)` when the device class changes, re-evaluated on window resize with a
 * 500 ms debounce (F2.3, F9.2). Returns the stop function.
 */
export function watchDevice(
  win: ResizeWindow,
  onChange: (device: Device) => void,
  options: { timers?: DeviceTimers; delay?: number; mobileMaxWidth?: number } = {},
): () => void {
  const timers: DeviceTimers = options.timers ?? { setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms), clearTimeout: (id) => globalThis.clearTimeout(id as ReturnType<typeof setTimeout>) };
  const delay = options.delay ?? RESIZE_DEBOUNCE_MS;
  let current = deviceOf(win.innerWidth, options.mobileMaxWidth);
  let pending: unknown = null;
  const onResize = () => {
    if (pending !== null) timers.clearTimeout(pending);
    pending = timers.setTimeout(() => {
      pending = null;
      const next = deviceOf(win.innerWidth, options.mobileMaxWidth);
      if (next !== current) {
        current = next;
        onChange(next);
      }
    }, delay);
  };
  win.addEventListener('resize', onResize);
  return () => {
    win.removeEventListener('resize', onResize);
    if (pending !== null) timers.clearTimeout(pending);
  };
}
