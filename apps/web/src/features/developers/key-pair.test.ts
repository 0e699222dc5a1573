import { createPrivateKey, createPublicKey, createSign, createVerify } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { generateKeyPair, privateKeyFileName, toPem } from './key-pair.ts';

describe('generateKeyPair', () => {
  it('makes an RSA 2048 pair whose PEM halves sign and verify RS256', async () => {
    const { publicKeyPem, privateKeyPem } = await generateKeyPair();
    expect(publicKeyPem).toMatch(/^-----BEGIN PUBLIC KEY-----\n[A-Za-z0-9+/=\n]+\n-----END PUBLIC KEY-----\n$/);
    expect(privateKeyPem.startsWith('-----BEGIN PRIVATE KEY-----\n')).toBe(true);
    const publicKey = createPublicKey(publicKeyPem);
    expect(publicKey.asymmetricKeyType).toBe('rsa');
    expect(publicKey.asymmetricKeyDetails?.modulusLength).toBe(2048);
    const signature = createSign('RSA-SHA256').update('header.payload').sign(createPrivateKey(privateKeyPem));
    expect(createVerify('RSA-SHA256').update('header.payload').verify(publicKey, signature)).toBe(true);
    expect(createVerify('RSA-SHA256').update('header.payloaD').verify(publicKey, signature)).toBe(false);
  });
});

describe('toPem', () => {
  it('writes base64 lines of 64 characters', () => {
    const pem = toPem('PUBLIC KEY', new Uint8Array(100).fill(255).buffer);
    const body = pem.split('\n').slice(1, -2);
    expect(body.map((line) => line.length)).toEqual([64, 64, 8]);
  });
});

describe('privateKeyFileName', () => {
  it('keeps a safe name and the key id prefix', () => {
    expect(privateKeyFileName('Till #2 / Clifton', '4f0c1d2e-aaaa')).toBe('till-2-clifton-4f0c1d2e.private.pem');
    expect(privateKeyFileName('کیش', 'abcdef123')).toBe('api-client-abcdef12.private.pem');
  });
});
