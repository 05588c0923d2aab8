import { generateKeyPairSync } from 'node:crypto';
import type { AuthUser } from '../context/request-context.js';
import { TokenSigner, TokenVerifier } from './tokens.js';

const keys = generateKeyPairSync('ec', {
  namedCurve: 'P-256',
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
});
const settings = { issuer: 'dukan', audience: 'dukan-api' };
const signer = new TokenSigner(keys.privateKey, settings);
const cashier: AuthUser = {
  id: '00000000-0000-4000-8000-000000000003',
  username: 'sara',
  role: 'cashier',
  permissions: null,
  tokenVersion: 4,
  languagePreference: 'ku',
  branches: ['main', 'erbil'],
};

describe('TokenVerifier', () => {
  it('gives the same user for a token checked before, and refuses a token altered after the genuine one was checked', () => {
    const verifier = new TokenVerifier(keys.publicKey, settings);
    const token = signer.sign(cashier, 600);
    const first = verifier.verify(token);
    expect(verifier.verify(token)).toEqual(first);
    expect(first).toMatchObject({ id: cashier.id, role: 'cashier', tokenVersion: 4, branches: ['main', 'erbil'] });
    const [head, body, sig] = token.split('.');
    const forged = `${head}.${Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(body!, 'base64url').toString()), role: 'admin' })).toString('base64url')}.${sig}`;
    expect(() => verifier.verify(forged)).toThrow(expect.objectContaining({ code: 'TOKEN_INVALID' }));
  });

  it('refuses as expired a token it checked while it was valid, once its time is past', async () => {
    const verifier = new TokenVerifier(keys.publicKey, settings);
    const expiresAt = Math.floor(Date.now() / 1000) + 2;
    const token = signer.signUntil(cashier, expiresAt);
    expect(verifier.verify(token).id).toBe(cashier.id);
    while (Date.now() < expiresAt * 1000) await new Promise((r) => setTimeout(r, 100));
    expect(() => verifier.verify(token)).toThrow(expect.objectContaining({ code: 'TOKEN_EXPIRED' }));
  });

  it('answers a copy: a caller changing the user it got changes nothing for the next call', () => {
    const verifier = new TokenVerifier(keys.publicKey, settings);
    const token = signer.sign(cashier, 600);
    const got = verifier.verify(token);
    got.role = 'admin';
    expect(verifier.verify(token).role).toBe('cashier');
  });
});
