import { describe, expect, it } from 'vitest';
import { deviceOf, RESIZE_DEBOUNCE_MS, watchDevice, type DeviceTimers } from './watch-device';
import { fakeResizableWindow } from './test-fakes';


function manualTimers() {
  let now = 0;
  let seq = 0;
  const queue = new Map<number, { at: number; fn: () => void }>();
  const timers: DeviceTimers = {
    setTimeout: (fn, ms) => {
      queue.set(++seq, { at: now + ms, fn });
      return seq;
    },
    clearTimeout: (id) => void queue.delete(id as number),
  };
  const advance = (ms: number) => {
    now += ms;
    for (const [id, t] of [...queue]) {
      if (t.at > now) continue;
      queue.delete(id);
      t.fn();
    }
  };
  return { timers, advance, pending: () => queue.size };
}

describe('watchDevice', () => {
  it('[F2.3, F9.2] re-evaluates the device class on resize, debounced by 500 ms', () => {
    expect(RESIZE_DEBOUNCE_MS).toBe(500);
    const win = fakeResizableWindow(1200);
    const { timers, advance } = manualTimers();
    const seen: string[] = [];
    const stop = watchDevice(win, (d) => seen.push(d), { timers });
    win.resize(500);
    advance(499);
    expect(seen).toEqual([]);
    win.resize(400); // restarts the wait
    advance(499);
    expect(seen).toEqual([]);
    advance(1);
    expect(seen).toEqual(['mobile']);
    win.resize(600); // still mobile: no call
    advance(500);
    expect(seen).toEqual(['mobile']);
    win.resize(1024);
    advance(500);
    expect(seen).toEqual(['mobile', 'desktop']);
    stop();
    expect(win.listeners.size).toBe(0);
  });

  it('stops a pending evaluation when stopped', () => {
    const win = fakeResizableWindow(1200);
    const t = manualTimers();
    const seen: string[] = [];
    const stop = watchDevice(win, (d) => seen.push(d), { timers: t.timers });
    win.resize(300);
    stop();
    expect(t.pending()).toBe(0);
    t.advance(1000);
    expect(seen).toEqual([]);
  });

  it('classes widths up to 767 px as mobile', () => {
    expect([deviceOf(767), deviceOf(768), deviceOf(320, 400), deviceOf(401, 400)]).toEqual(['mobile', 'desktop', 'mobile', 'desktop']);
  });
});
