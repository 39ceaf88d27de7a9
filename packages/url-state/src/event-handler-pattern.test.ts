import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { eventHandlerNames, eventHandlerPattern } from './event-handler-pattern';

const fixtureNames = readFileSync(new URL('../../../fixtures/hostile-input/event-handler-names.txt', import.meta.url), 'utf8')
  .split('\n')
  .filter(Boolean);

describe('eventHandlerPattern', () => {
  it('[S5.1] embeds exactly the 163 names of the fixture list', () => {
    expect([...eventHandlerNames()].sort()).toEqual([...fixtureNames].sort());
    expect(new Set(eventHandlerNames()).size).toBe(163);
  });

  it('[S5.1] matches a listed name followed by optional whitespace and =, in any case', () => {
    const pattern = eventHandlerPattern();
    expect(pattern.test('onerror=')).toBe(true);
    expect(pattern.test('OnMouseOver\t =')).toBe(true);
    expect(pattern.test('onerror')).toBe(false);
    expect(pattern.test('xonerror=')).toBe(false);
    expect(pattern.test('onerrors=')).toBe(false);
    expect(pattern.test('ononline=')).toBe(true);
    expect(pattern.test('online=')).toBe(false);
  });

  it('[S5.1] matches every listed name with its =, and nothing longer or shorter', () => {
    const pattern = eventHandlerPattern();
    for (const name of fixtureNames) {
      expect(pattern.test(`${name}=`), name).toBe(true);
      expect(pattern.test(`${name.toUpperCase()} =`), name).toBe(true);
      expect(pattern.test(`${name}x=`), name).toBe(false);
      expect(pattern.test(`${name.slice(0, -1)}=`) == fixtureNames.includes(name.slice(0, -1)), name).toBe(true);
    }
  });
});
