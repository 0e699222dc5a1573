import { describe, expect, it } from 'vitest';
import { sectionOfPath, sectionsFor } from './console-nav.ts';
import { CONSOLE_SECTIONS } from './console-sections.ts';

const sections = [
  { id: 'board', path: '/console/board', roles: ['operations', 'support'] as const },
  { id: 'vouchers', path: '/console/vouchers', roles: ['operations'] as const },
  { id: 'money', path: '/console/money', roles: ['finance'] as const },
  { id: 'operators', path: '/console/operators', roles: ['admin'] as const },
];

describe('the console navigation', () => {
  it('shows each role the sections granted to it, and an admin every section', () => {
    expect(sectionsFor(sections, 'support').map((section) => section.id)).toEqual(['board']);
    expect(sectionsFor(sections, 'operations').map((section) => section.id)).toEqual(['board', 'vouchers']);
    expect(sectionsFor(sections, 'finance').map((section) => section.id)).toEqual(['money']);
    expect(sectionsFor(sections, 'admin').map((section) => section.id)).toEqual([
      'board',
      'vouchers',
      'money',
      'operators',
    ]);
  });

  it('finds the section of a page and of the pages below it', () => {
    expect(sectionOfPath(sections, '/console/vouchers')?.id).toBe('vouchers');
    expect(sectionOfPath(sections, '/console/vouchers/RAMADAN')?.id).toBe('vouchers');
    expect(sectionOfPath(sections, '/console/voucherscopy')).toBeNull();
    expect(sectionOfPath(sections, '/console')).toBeNull();
  });

  it('lists only the sections that exist, each with its own path', () => {
    expect(CONSOLE_SECTIONS.map((section) => section.id)).toEqual([
      'support',
      'settings',
      'operators',
      'audit-log',
      'board',
      'riders',
      'vendors',
      'vouchers',
    ]);
    expect(new Set(CONSOLE_SECTIONS.map((section) => section.path)).size).toBe(CONSOLE_SECTIONS.length);
  });
});
