import { crc32, deflateSync } from 'node:zlib';
import { PROOF_MAX_BYTES, type ProofBody, type ProofContentType } from '@riderdesk/domain/contracts/riders';
import { keyedError } from '../../errors.ts';

export interface ProofImage {
  contentType: ProofContentType;
  bytes: Buffer;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG_SIGNATURE = Buffer.from([0xff, 0xd8, 0xff]);
// Base64 needs 4 characters per 3 bytes; anything longer cannot decode to an allowed size.
const MAX_BASE64_LENGTH = Math.ceil(PROOF_MAX_BYTES / 3) * 4;

export const proofRequired = () => keyedError(400, 'ProofRequired', 'error.proof.required', 'proof');
const tooLarge = () => keyedError(413, 'ProofTooLarge', 'error.proof.too-large', 'proof');
const unsupported = () => keyedError(415, 'ProofUnsupportedType', 'error.proof.unsupported-type', 'proof');

/** The type the bytes really are, whatever the client declared. */
export function sniffImageType(bytes: Buffer): ProofContentType | null {
  if (bytes.length >= PNG_SIGNATURE.length && bytes.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE)) {
    return 'image/png';
  }
  if (bytes.length >= JPEG_SIGNATURE.length && bytes.subarray(0, JPEG_SIGNATURE.length).equals(JPEG_SIGNATURE)) {
    return 'image/jpeg';
  }
  return null;
}

/** Size before type, both before the photo is stored (ARCHITECTURE.md: uploads checked before parsing). */
export function readProof(body: ProofBody | undefined): ProofImage {
  if (!body?.proof) throw proofRequired();
  const { content_type, data } = body.proof;
  const compact = data.replace(/\s+/g, '');
  if (compact.length > MAX_BASE64_LENGTH) throw tooLarge();
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(compact))
    throw keyedError(400, 'ValidationError', 'error.proof.not-base64', 'proof.data');
  const bytes = Buffer.from(compact, 'base64');
  if (bytes.length === 0) throw proofRequired();
  if (bytes.length > PROOF_MAX_BYTES) throw tooLarge();
  const sniffed = sniffImageType(bytes);
  const declared = content_type.toLowerCase().split(';')[0]!.trim();
  if (!sniffed || (declared !== sniffed && !(declared === 'image/jpg' && sniffed === 'image/jpeg')))
    throw unsupported();
  return { contentType: sniffed, bytes };
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** A small valid PNG with a solid fill and a lighter frame, for the simulator's proof photos. */
export function solidPng(width: number, height: number, rgb: readonly [number, number, number]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  const rowLength = 1 + width * 3;
  const raw = Buffer.alloc(rowLength * height);
  for (let y = 0; y < height; y++) {
    raw[y * rowLength] = 0; // filter: none
    for (let x = 0; x < width; x++) {
      const isFrame = x < 4 || y < 4 || x >= width - 4 || y >= height - 4;
      const offset = y * rowLength + 1 + x * 3;
      for (let channel = 0; channel < 3; channel++) {
        raw[offset + channel] = isFrame ? Math.min(255, rgb[channel]! + 80) : rgb[channel]!;
      }
    }
  }
  return Buffer.concat([
    PNG_SIGNATURE,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const PROOF_COLOURS = {
  pickup: [230, 126, 34],
  delivery: [39, 174, 96],
  return: [127, 140, 141],
} as const;

export function simulatedProof(kind: keyof typeof PROOF_COLOURS): ProofBody {
  return { proof: { content_type: 'image/png', data: solidPng(64, 64, PROOF_COLOURS[kind]).toString('base64') } };
}
