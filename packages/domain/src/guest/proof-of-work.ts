/**
 * The proof of work a browser shows before it gets a guest session (docs/decisions/080-guest-sessions.md):
 * it finds a nonce such that sha256("{challenge}:{nonce}") starts with `difficulty` zero bits. Hashing is
 * done at the edges (node:crypto on the server, Web Crypto in the browser); the rule lives here.
 */

/** How many leading bits of the digest are zero. */
export function leadingZeroBits(digest: Uint8Array): number {
  let bits = 0;
  for (const byte of digest) {
    if (byte === 0) {
      bits += 8;
      continue;
    }
    return bits + Math.clz32(byte) - 24;
  }
  return bits;
}

export const proofInput = (challenge: string, nonce: string): string => `${challenge}:${nonce}`;

export function meetsDifficulty(digest: Uint8Array, difficulty: number): boolean {
  return leadingZeroBits(digest) >= difficulty;
}

/** Tries nonces 0, 1, 2… until one meets the difficulty; `hash` is the platform's sha256. */
export async function solveProofOfWork(
  challenge: string,
  difficulty: number,
  hash: (input: string) => Promise<Uint8Array> | Uint8Array,
  maxTries = 2 ** 26,
): Promise<string> {
  for (let nonce = 0; nonce < maxTries; nonce++) {
    if (meetsDifficulty(await hash(proofInput(challenge, String(nonce))), difficulty)) return String(nonce);
  }
  throw new Error('no proof of work found');
}
