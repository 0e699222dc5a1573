import type { Operator } from '@riderdesk/domain/contracts/console-operators';
import { describe, expect, it } from 'vitest';
import { activeAdminCount, operatorRow, operatorRows } from './operators-view.ts';

const operator = (overrides: Partial<Operator>): Operator => ({
  id: 'o1',
  email: 'ayesha@riderdesk.pk',
  name: 'Ayesha',
  role: 'admin',
  status: 'active',
  has_second_factor: true,
  created_at: '2026-05-01T08:00:00.000Z',
  last_sign_in_at: '2026-05-04T08:00:00.000Z',
  ...overrides,
});

describe('the Operators page rows', () => {
  it('offers a role change and deactivation for an active operator', () => {
    expect(operatorRow(operator({ id: 'o2', role: 'support' }), 'o1')).toMatchObject({
      roleKey: 'console.role.support',
      statusKey: 'console.status.active',
      statusColor: 'teal',
      isYou: false,
      canChangeRole: true,
      canDeactivate: true,
      canReinvite: false,
      canResetCredentials: true,
      lastSignInAt: new Date('2026-05-04T08:00:00.000Z'),
    });
  });

  it('offers the invitation again only to an operator who has not set up', () => {
    const invited = operatorRow(
      operator({ id: 'o3', status: 'invited', has_second_factor: false, last_sign_in_at: null }),
      'o1',
    );
    expect(invited).toMatchObject({
      canReinvite: true,
      canResetCredentials: false,
      canChangeRole: true,
      canDeactivate: true,
      lastSignInAt: null,
    });
  });

  it('offers nothing for the admin themselves, nor for a deactivated operator', () => {
    for (const row of [
      operatorRow(operator({}), 'o1'),
      operatorRow(operator({ id: 'o4', status: 'deactivated' }), 'o1'),
    ]) {
      expect(row).toMatchObject({
        canChangeRole: false,
        canDeactivate: false,
        canReinvite: false,
        canResetCredentials: false,
      });
    }
    expect(operatorRow(operator({}), 'o1').isYou).toBe(true);
  });

  it('lists active operators first, then invited, then deactivated, by name', () => {
    const rows = operatorRows(
      [
        operator({ id: 'a', name: 'Zara', status: 'deactivated' }),
        operator({ id: 'b', name: 'Bilal', status: 'invited' }),
        operator({ id: 'c', name: 'Sana' }),
        operator({ id: 'd', name: 'Ali' }),
      ],
      'd',
    );
    expect(rows.map((row) => row.name)).toEqual(['Ali', 'Sana', 'Bilal', 'Zara']);
  });

  it('counts the active admins', () => {
    expect(
      activeAdminCount([
        operator({ id: 'a' }),
        operator({ id: 'b', status: 'deactivated' }),
        operator({ id: 'c', role: 'finance' }),
        operator({ id: 'd', status: 'invited' }),
      ]),
    ).toBe(2);
  });
});
