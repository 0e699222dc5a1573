import { describe, expect, it } from 'vitest';
import { leadingZeroBits, meetsDifficulty, proofInput, solveProofOfWork } from './proof-of-work.ts';

const sha256 = async (input: string) =>
  new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(input)));

describe('guest proof of work', () => {
  it.each([
    [[0xff], 0],
    [[0x7f], 1],
    [[0x01], 7],
    [[0x00, 0x80], 8],
    [[0x00, 0x00, 0x10], 19],
    [[0x00, 0x00], 16],
  ])('counts the leading zero bits of %j as %i', (bytes, bits) => {
    expect(leadingZeroBits(new Uint8Array(bytes))).toBe(bits);
  });

  it('finds a nonce whose digest meets the difficulty, and a wrong nonce usually does not', async () => {
    const nonce = await solveProofOfWork('challenge-a', 10, sha256);
    expect(meetsDifficulty(await sha256(proofInput('challenge-a', nonce)), 10)).toBe(true);
    expect(meetsDifficulty(new Uint8Array([0x00, 0x3f]), 10)).toBe(true);
    expect(meetsDifficulty(new Uint8Array([0x00, 0x40]), 10)).toBe(false);
  });
});
