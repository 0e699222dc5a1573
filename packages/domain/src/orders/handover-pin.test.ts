import { describe, expect, it } from 'vitest';
import { HANDOVER_PIN_TRIES, isHandoverPin, judgeHandoverPin, pinTriesLeft } from './handover-pin.ts';

describe('handover PIN', () => {
  it('is four digits, nothing else', () => {
    expect(isHandoverPin('0482')).toBe(true);
    expect(isHandoverPin('482')).toBe(false);
    expect(isHandoverPin('48201')).toBe(false);
    expect(isHandoverPin('48a2')).toBe(false);
    expect(isHandoverPin('٤٨٢١')).toBe(false);
  });

  it('counts the tries left down to zero', () => {
    expect(pinTriesLeft(0)).toBe(HANDOVER_PIN_TRIES);
    expect(pinTriesLeft(HANDOVER_PIN_TRIES - 1)).toBe(1);
    expect(pinTriesLeft(HANDOVER_PIN_TRIES + 2)).toBe(0);
  });
});

describe('judgeHandoverPin', () => {
  const same = (a: string, b: string) => a === b;
  const order = { pin: '0482', attempts: 0, checkedAt: null };

  it('asks nothing of an order without a PIN or already checked', () => {
    expect(judgeHandoverPin({ ...order, pin: null }, undefined, same)).toEqual({ kind: 'none' });
    expect(judgeHandoverPin({ ...order, checkedAt: new Date() }, undefined, same)).toEqual({ kind: 'none' });
  });

  it('tells right from wrong and missing, and is locked once out of tries whatever is given', () => {
    expect(judgeHandoverPin(order, '0482', same)).toEqual({ kind: 'right' });
    expect(judgeHandoverPin(order, '4820', same)).toEqual({ kind: 'wrong' });
    expect(judgeHandoverPin(order, undefined, same)).toEqual({ kind: 'missing' });
    expect(judgeHandoverPin({ ...order, attempts: HANDOVER_PIN_TRIES }, '0482', same)).toEqual({ kind: 'locked' });
  });
});
