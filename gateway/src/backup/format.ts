// The backup file: a plain header saying how the rest is sealed, then zstd (node:zlib; gzip in older files) of a
// stream of frames, and when the owner chose a passphrase, that compressed stream is sealed in AES-256-GCM chunks (node:crypto) under a key
// derived from the passphrase with scrypt. Each chunk carries its own tag and a nonce made of a random prefix, the
// chunk's number and a last-chunk flag (the STREAM construction), so a changed, cut, reordered or truncated file
// fails at the first bad chunk instead of restoring anything it did not authenticate.
//
// Frames: one type byte, a 4-byte big-endian length, the payload. 'H' the manifest head (JSON), 'T' a table starts
// (JSON), 'D' a piece of that table's `COPY … TO STDOUT` text, 'E' the table ends (JSON: its row count), 'Z' the
// trailer (JSON: every table's count and every sequence's value). A file without its trailer is incomplete.
import { createCipheriv, createDecipheriv, randomBytes, scrypt as scryptCb, type ScryptOptions } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';
import * as zlib from 'node:zlib';

export const MAGIC = Buffer.from('DUKANBK1');
export const EXTENSION = '.dukanbak';
const CHUNK = 64 * 1024;
const TAG = 16;
const SCRYPT = { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 } as const;

export interface SealHeader {
  encrypted: boolean;
  /** How the frames are compressed: zstd (several times faster than gzip both ways); none said: gzip (older files). */
  compression?: 'zstd';
  salt?: string; // base64
  noncePrefix?: string; // base64, 7 bytes
  scrypt?: { N: number; r: number; p: number };
}

export class BackupFormatError extends Error {}
export class WrongPassphraseError extends BackupFormatError {}

function deriveKey(passphrase: string, salt: Buffer, params: { N: number; r: number; p: number }): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scryptCb(passphrase, salt, 32, { ...params, maxmem: SCRYPT.maxmem } as ScryptOptions, (e, key) => (e ? reject(e) : resolve(key))),
  );
}

function nonce(prefix: Buffer, counter: number, last: boolean): Buffer {
  const n = Buffer.alloc(12);
  prefix.copy(n, 0, 0, 7);
  n.writeUInt32BE(counter, 7);
  n[11] = last ? 1 : 0;
  return n;
}

/** The plain header: magic, a 4-byte length and its JSON. */
export function headerBytes(seal: SealHeader): Buffer {
  const json = Buffer.from(JSON.stringify(seal));
  const len = Buffer.alloc(4);
  len.writeUInt32BE(json.length);
  return Buffer.concat([MAGIC, len, json]);
}

/** A new seal (the header to write) and the stream that seals what follows it; plain when there is no passphrase. */
export async function sealer(passphrase: string | undefined): Promise<{ header: Buffer; stream: Transform }> {
  if (!passphrase)
    return {
      header: headerBytes({ encrypted: false, compression: 'zstd' }),
      stream: new Transform({ transform: (c, _e, cb) => cb(null, c) }),
    };
  const salt = randomBytes(16);
  const prefix = randomBytes(7);
  const params = { N: SCRYPT.N, r: SCRYPT.r, p: SCRYPT.p };
  const key = await deriveKey(passphrase, salt, params);
  let pending: Buffer = Buffer.alloc(0);
  let counter = 0;
  const seal = (plain: Buffer, last: boolean): Buffer => {
    const c = createCipheriv('aes-256-gcm', key, nonce(prefix, counter++, last));
    const body = Buffer.concat([c.update(plain), c.final(), c.getAuthTag()]);
    const len = Buffer.alloc(4);
    len.writeUInt32BE(body.length);
    return Buffer.concat([len, body]);
  };
  const stream = new Transform({
    transform(chunk: Buffer, _e, cb: TransformCallback) {
      pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
      // Keep at least one byte back so that the last chunk is always sealed in flush with the last flag.
      while (pending.length > CHUNK) {
        this.push(seal(pending.subarray(0, CHUNK), false));
        pending = pending.subarray(CHUNK);
      }
      cb();
    },
    flush(cb: TransformCallback) {
      this.push(seal(pending, true));
      cb();
    },
  });
  return {
    header: headerBytes({
      encrypted: true,
      compression: 'zstd',
      salt: salt.toString('base64'),
      noncePrefix: prefix.toString('base64'),
      scrypt: params,
    }),
    stream,
  };
}

/** Node 24's zstd, which the @types/node this repository uses (for Node 20) does not describe yet. */
export const zstd = zlib as typeof zlib & {
  createZstdCompress(options?: { params?: Record<number, number> }): Transform;
  createZstdDecompress(): Transform;
  zstdDecompressSync(data: Buffer): Buffer;
  constants: { ZSTD_c_compressionLevel: number };
};

/** The compressor of a new backup (the seal says which): zstd at its fastest level, level 1. */
export function compressor(seal: SealHeader): Transform {
  return seal.compression === 'zstd'
    ? zstd.createZstdCompress({ params: { [zstd.constants.ZSTD_c_compressionLevel]: 1 } })
    : zlib.createGzip({ level: 1 });
}

/** What undoes `compressor` for the seal's file. */
export function decompressor(seal: SealHeader): Transform {
  return seal.compression === 'zstd' ? zstd.createZstdDecompress() : zlib.createGunzip();
}

/** Reads the plain header from the start of a file's bytes. */
export function parseHeader(start: Buffer): { seal: SealHeader; length: number } {
  if (start.length < 12 || !start.subarray(0, 8).equals(MAGIC)) throw new BackupFormatError('this is not a Dukan backup file');
  const len = start.readUInt32BE(8);
  if (len > 4096 || start.length < 12 + len) throw new BackupFormatError('the backup file header is damaged');
  try {
    return { seal: JSON.parse(start.subarray(12, 12 + len).toString()) as SealHeader, length: 12 + len };
  } catch {
    throw new BackupFormatError('the backup file header is damaged');
  }
}

/** The stream that opens what `sealer` sealed; it fails on any chunk that does not authenticate, or a missing end. */
export async function opener(seal: SealHeader, passphrase: string | undefined): Promise<Transform> {
  if (!seal.encrypted) return new Transform({ transform: (c, _e, cb) => cb(null, c) });
  if (!passphrase) throw new WrongPassphraseError('this backup is encrypted: its passphrase is needed to restore it');
  const key = await deriveKey(passphrase, Buffer.from(seal.salt ?? '', 'base64'), seal.scrypt ?? SCRYPT);
  const prefix = Buffer.from(seal.noncePrefix ?? '', 'base64');
  let pending: Buffer = Buffer.alloc(0);
  let counter = 0;
  const open = (body: Buffer, last: boolean): Buffer => {
    if (body.length < TAG) throw new BackupFormatError('the backup file is damaged');
    const d = createDecipheriv('aes-256-gcm', key, nonce(prefix, counter, last));
    d.setAuthTag(body.subarray(body.length - TAG));
    const out = d.update(body.subarray(0, body.length - TAG));
    try {
      d.final(); // throws when the chunk was changed, or the passphrase is wrong
    } catch {
      if (counter === 0) throw new WrongPassphraseError('the passphrase does not open this backup (or the file is damaged)');
      throw new BackupFormatError('the backup file is damaged: a part of it does not authenticate');
    }
    counter++;
    return out;
  };
  /** The next whole chunk's length, when one is complete in `pending`. */
  const whole = (): number | null => {
    if (pending.length < 4) return null;
    const len = pending.readUInt32BE(0);
    if (len < TAG || len > CHUNK + TAG) throw new BackupFormatError('the backup file is damaged');
    return pending.length >= 4 + len ? len : null;
  };
  return new Transform({
    transform(chunk: Buffer, _e, cb: TransformCallback) {
      pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
      try {
        // A chunk is opened once something follows it: only the file's last chunk is sealed as the last.
        for (let len = whole(); len !== null && pending.length > 4 + len; len = whole()) {
          this.push(open(pending.subarray(4, 4 + len), false));
          pending = pending.subarray(4 + len);
        }
        cb();
      } catch (e) {
        cb(e as Error);
      }
    },
    flush(cb: TransformCallback) {
      try {
        const len = whole();
        if (len === null || pending.length !== 4 + len) throw new BackupFormatError('the backup file is cut short');
        this.push(open(pending.subarray(4), true));
        cb();
      } catch (e) {
        cb(e as Error);
      }
    },
  });
}

/** One frame's bytes. */
export function frame(type: 'H' | 'T' | 'D' | 'E' | 'Z', payload: Buffer | object): Buffer {
  const body = Buffer.isBuffer(payload) ? payload : Buffer.from(JSON.stringify(payload));
  const head = Buffer.alloc(5);
  head.write(type, 0, 'latin1');
  head.writeUInt32BE(body.length, 1);
  return Buffer.concat([head, body]);
}

export interface Frame {
  type: string;
  payload: Buffer;
}

/** Splits a byte stream back into frames (object mode out). */
export function frameReader(maxFrame = 16 * 1024 * 1024): Transform {
  let pending: Buffer = Buffer.alloc(0);
  return new Transform({
    readableObjectMode: true,
    transform(chunk: Buffer, _e, cb: TransformCallback) {
      pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
      while (pending.length >= 5) {
        const len = pending.readUInt32BE(1);
        if (len > maxFrame) return cb(new BackupFormatError('the backup file is damaged'));
        if (pending.length < 5 + len) break;
        this.push({ type: pending.toString('latin1', 0, 1), payload: pending.subarray(5, 5 + len) } satisfies Frame);
        pending = pending.subarray(5 + len);
      }
      cb();
    },
    flush(cb: TransformCallback) {
      cb(pending.length ? new BackupFormatError('the backup file is cut short') : null);
    },
  });
}
