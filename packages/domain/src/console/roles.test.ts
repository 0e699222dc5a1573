import { describe, expect, it } from 'vitest';
import { mayOperate, OPERATOR_ROLES } from './roles.ts';

describe('mayOperate', () => {
  it('lets an admin through every grant', () => {
    for (const granted of [[], ['operations'], ['support', 'finance']] as const) {
      expect(mayOperate('admin', granted)).toBe(true);
    }
  });

  it('lets every operator through an empty grant', () => {
    for (const role of OPERATOR_ROLES) expect(mayOperate(role, [])).toBe(true);
  });

  it('lets the other roles through only the grants that name them', () => {
    expect(mayOperate('support', ['support', 'finance'])).toBe(true);
    expect(mayOperate('operations', ['support', 'finance'])).toBe(false);
    expect(mayOperate('finance', ['admin'])).toBe(false);
  });
});
