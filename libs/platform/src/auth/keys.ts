import { generateKeyPairSync } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

export interface KeyPaths {
  privateKeyFile: string;
  publicKeyFile: string;
}

export function defaultKeyPaths(dataDir: string): KeyPaths {
  return { privateKeyFile: join(dataDir, 'keys', 'jwt-private.pem'), publicKeyFile: join(dataDir, 'keys', 'jwt-public.pem') };
}

/** Identity's signing key: an ECDSA P-256 pair made once and kept (private key readable by its owner only). */
export function loadOrCreateKeyPair(paths: KeyPaths): { privateKey: string; publicKey: string } {
  if (!existsSync(paths.privateKeyFile) || !existsSync(paths.publicKeyFile)) {
    const { privateKey, publicKey } = generateKeyPairSync('ec', {
      namedCurve: 'P-256',
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
      publicKeyEncoding: { type: 'spki', format: 'pem' },
    });
    mkdirSync(dirname(paths.privateKeyFile), { recursive: true, mode: 0o700 });
    mkdirSync(dirname(paths.publicKeyFile), { recursive: true });
    writeFileSync(paths.privateKeyFile, privateKey, { mode: 0o600 });
    writeFileSync(paths.publicKeyFile, publicKey, { mode: 0o644 });
  }
  return { privateKey: readFileSync(paths.privateKeyFile, 'utf8'), publicKey: readFileSync(paths.publicKeyFile, 'utf8') };
}

export function readPublicKey(file: string): string {
  return readFileSync(file, 'utf8');
}
