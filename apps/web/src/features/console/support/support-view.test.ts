import { describe, expect, it } from 'vitest';
import { assignActionOf, queueTabOf } from './support-view.ts';

describe('the support queue view', () => {
  it('opens the tab a link names, else the open tickets', () => {
    expect(queueTabOf('WAITING_ON_MERCHANT')).toBe('WAITING_ON_MERCHANT');
    expect(queueTabOf('CLOSED')).toBe('OPEN');
    expect(queueTabOf(null)).toBe('OPEN');
  });

  it("offers to take a ticket that is not one's own, to hand back one's own, nothing once solved", () => {
    expect(assignActionOf({ assigned_to: null, status: 'OPEN' }, 'me')).toBe('take');
    expect(assignActionOf({ assigned_to: { id: 'other' }, status: 'ASSIGNED' }, 'me')).toBe('take');
    expect(assignActionOf({ assigned_to: { id: 'me' }, status: 'WAITING_ON_MERCHANT' }, 'me')).toBe('hand-back');
    expect(assignActionOf({ assigned_to: { id: 'me' }, status: 'SOLVED' }, 'me')).toBeNull();
  });
});
