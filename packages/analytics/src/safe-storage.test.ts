import { describe, expect, it, vi } from 'vitest';
import { createSafeStorage } from './safe-storage';
import { memoryStorage, quotaError } from './test-fakes';

describe('createSafeStorage', () => {
  it('reads and writes through to the storage, resolved lazily', () => {
    const s = memoryStorage({ a: '1' });
    const resolve = vi.fn(() => s);
    const kv = createSafeStorage(resolve, vi.fn());
    expect(resolve).not.toHaveBeenCalled();
    expect(kv.get('a')).toBe('1');
    kv.set('b', '2');
    kv.del('a');
    expect([...s.data]).toEqual([['b', '2']]);
    expect(kv.mode()).toBe('local');
    expect(resolve).toHaveBeenCalledTimes(1);
  });

  it('switches to memory for good on the first throw, keeping known values, and warns once', () => {
    const s = memoryStorage({ a: '1' });
    const warn = vi.fn();
    const kv = createSafeStorage(() => s, warn);
    expect(kv.get('a')).toBe('1');
    s.failSet = quotaError();
    kv.set('b', '2');
    expect(kv.mode()).toBe('memory');
    s.failSet = null;
    kv.set('c', '3');
    kv.del('a');
    expect([kv.get('a'), kv.get('b'), kv.get('c')]).toEqual([null, '2', '3']);
    expect([...s.data]).toEqual([['a', '1']]);
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('treats a resolver that throws (access denied) or finds nothing as memory mode', () => {
    const warn = vi.fn();
    const kv = createSafeStorage(() => {
      throw new Error('SecurityError');
    }, warn);
    kv.set('x', '1');
    expect([kv.get('x'), kv.mode()]).toEqual(['1', 'memory']);
    expect(warn).toHaveBeenCalledTimes(1);
    const none = createSafeStorage(() => null, warn);
    none.set('y', '1');
    expect([none.get('y'), none.mode()]).toEqual(['1', 'memory']);
    expect(warn).toHaveBeenCalledTimes(1);
  });
});
