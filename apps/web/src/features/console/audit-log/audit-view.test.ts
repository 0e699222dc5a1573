import type { AuditEntry } from '@riderdesk/domain/contracts/console-audit';
import { describe, expect, it } from 'vitest';
import {
  actionChoices,
  auditQueryOf,
  auditRow,
  changesOf,
  EMPTY_SEARCH,
  instantOfWallTime,
  searchOfLink,
} from './audit-view.ts';

const KARACHI = 'Asia/Karachi';

describe('the audit log search', () => {
  it('reads the date inputs as the country’s wall time', () => {
    expect(instantOfWallTime('2026-05-04T10:30', KARACHI)).toBe('2026-05-04T05:30:00.000Z');
    expect(instantOfWallTime('', KARACHI)).toBeNull();
    expect(instantOfWallTime('yesterday', KARACHI)).toBeNull();
  });

  it('asks only for what was given', () => {
    expect(auditQueryOf(EMPTY_SEARCH, KARACHI)).toEqual({});
    expect(
      auditQueryOf(
        {
          operatorId: 'o1',
          action: 'operator',
          targetType: 'vendor',
          targetId: ' pk-chai ',
          from: '2026-05-04T00:00',
          to: '',
        },
        KARACHI,
      ),
    ).toEqual({
      operator_id: 'o1',
      action: 'operator',
      target_type: 'vendor',
      target_id: 'pk-chai',
      from: '2026-05-03T19:00:00.000Z',
    });
  });

  it('opens a link’s operator and target', () => {
    expect(searchOfLink(new URLSearchParams('target_type=operator&target_id=o2&action=x'))).toEqual({
      ...EMPTY_SEARCH,
      targetType: 'operator',
      targetId: 'o2',
    });
  });

  it('offers each action and each target type for all of its actions', () => {
    const choices = actionChoices(
      ['operator.invite', 'operator.deactivate', 'voucher.pause'],
      (action) => `label ${action}`,
      (type) => `all ${type}`,
    );
    expect(choices).toEqual([
      {
        group: 'operator',
        items: [
          { value: 'operator', label: 'all operator' },
          { value: 'operator.invite', label: 'label operator.invite' },
          { value: 'operator.deactivate', label: 'label operator.deactivate' },
        ],
      },
      {
        group: 'voucher',
        items: [
          { value: 'voucher', label: 'all voucher' },
          { value: 'voucher.pause', label: 'label voucher.pause' },
        ],
      },
    ]);
  });
});

describe('the audit log entries', () => {
  it('shows the fields a change touched, before and after', () => {
    expect(
      changesOf(
        { email: 'a@x.pk', role: 'support', status: 'active', has_second_factor: true },
        { email: 'a@x.pk', role: 'finance', status: 'active', has_second_factor: true },
      ),
    ).toEqual([{ field: 'role', before: 'support', after: 'finance' }]);
    expect(changesOf(null, { role: 'support', limits: { total: 5 } })).toEqual([
      { field: 'role', before: null, after: 'support' },
      { field: 'limits', before: null, after: '{"total":5}' },
    ]);
    expect(changesOf({ status: 'invited' }, { status: 'invited' })).toEqual([]);
  });

  it('names who made a change, the command line included', () => {
    const entry: AuditEntry = {
      id: '7',
      at: '2026-05-04T05:30:00.000Z',
      operator: null,
      action: 'operator.create',
      target: { type: 'operator', id: 'o9' },
      before: null,
      after: { role: 'admin' },
    };
    expect(auditRow(entry)).toEqual({
      id: '7',
      at: new Date('2026-05-04T05:30:00.000Z'),
      who: null,
      action: 'operator.create',
      actionKey: 'console.audit.action.operator.create',
      target: 'operator o9',
      changes: [{ field: 'role', before: null, after: 'admin' }],
    });
    expect(auditRow({ ...entry, operator: { id: 'o1', name: 'Ayesha', email: 'a@x.pk' } }).who).toEqual({
      name: 'Ayesha',
      email: 'a@x.pk',
    });
  });
});
