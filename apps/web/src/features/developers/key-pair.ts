import { API_KEY_MODULUS_BITS } from '@riderdesk/domain/merchant-api/credentials';

/** A PEM block of DER bytes: base64 in lines of 64 characters (RFC 7468). */
export function toPem(label: 'PUBLIC KEY' | 'PRIVATE KEY', der: ArrayBuffer): string {
  let binary = '';
  for (const byte of new Uint8Array(der)) binary += String.fromCharCode(byte);
  const lines = btoa(binary).match(/.{1,64}/g) ?? [];
  return `-----BEGIN ${label}-----\n${lines.join('\n')}\n-----END ${label}-----\n`;
}

export interface KeyPairPem {
  publicKeyPem: string;
  privateKeyPem: string;
}

/**
 * An RS256 key pair made in this browser (RSA 2048, as the server accepts): the public half is sent, the
 * private half (PKCS #8) only ever reaches the merchant's own disk.
 */
export async function generateKeyPair(subtle: SubtleCrypto = globalThis.crypto.subtle): Promise<KeyPairPem> {
  const pair = await subtle.generateKey(
    {
      name: 'RSASSA-PKCS1-v1_5',
      modulusLength: API_KEY_MODULUS_BITS,
      publicExponent: new Uint8Array([1, 0, 1]),
      hash: 'SHA-256',
    },
    true,
    ['sign', 'verify'],
  );
  const [spki, pkcs8] = await Promise.all([
    subtle.exportKey('spki', pair.publicKey),
    subtle.exportKey('pkcs8', pair.privateKey),
  ]);
  return { publicKeyPem: toPem('PUBLIC KEY', spki), privateKeyPem: toPem('PRIVATE KEY', pkcs8) };
}

/** A file name for the private key that says whose it is, without characters a file system refuses. */
export function privateKeyFileName(clientName: string, keyId: string): string {
  const name = clientName
    .normalize('NFKD')
    .replace(/[^\w-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .toLowerCase();
  return `${name || 'api-client'}-${keyId.slice(0, 8)}.private.pem`;
}

/** Hands the private key to the browser's downloads; nothing of it is kept in the page. */
export function downloadPem(fileName: string, pem: string): void {
  const url = URL.createObjectURL(new Blob([pem], { type: 'application/x-pem-file' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/** Downloads a client's new private key under a name that says whose it is; answers that name. */
export function downloadPrivateKey(clientName: string, keyId: string, privateKeyPem: string): string {
  const fileName = privateKeyFileName(clientName, keyId);
  downloadPem(fileName, privateKeyPem);
  return fileName;
}
