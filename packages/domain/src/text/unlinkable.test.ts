import { describe, expect, it } from 'vitest';
import { unlinkable } from './unlinkable.ts';

// What mail clients and chat apps linkify: a scheme, www., a dotted host, an e-mail address.
const LINK_LIKE = /https?:|www\.|[a-z0-9-]+\.[a-z]{2,}|@/i;

describe('unlinkable', () => {
  it.each([
    'https://pay.example.com/verify',
    'www.example.com',
    'example.com',
    'Chai Khana pay-here.pk/refund',
    'owner@example.pk',
    'evil.co\\login',
  ])('leaves nothing a linkifier reads as a link in %s', (name) => {
    expect(unlinkable(name)).not.toMatch(LINK_LIKE);
  });

  it('keeps every other character as typed', () => {
    expect(unlinkable('Chai Khana — Clifton Block 5')).toBe('Chai Khana — Clifton Block 5');
    expect(unlinkable('چائے خانہ')).toBe('چائے خانہ');
  });
});
