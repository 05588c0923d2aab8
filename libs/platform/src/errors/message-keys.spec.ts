// A request field's refusal names its text by a key of the catalogue: in code the compiler checks it (MessageKey),
// but class-validator's `message` option is a plain string, so the keys the services' request classes name are
// read here. A key missing from the catalogue would otherwise reach a user as its own name.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isMessageKey } from '@dukan/contracts';
import { DomainError } from './domain-error.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '../../../..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'dist' ? [] : sources(full);
    return entry.name.endsWith('.ts') && !/\.(int-|e2e-)?spec\.ts$/.test(entry.name) ? [full] : [];
  });
}

describe('the message keys request classes name', () => {
  const dirs = [
    join(root, 'libs/platform/src'),
    ...readdirSync(join(root, 'services')).map((service) => join(root, 'services', service, 'src')),
  ];
  const named = dirs.flatMap((dir) =>
    sources(dir).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/\bmessage: '([a-zA-Z]+\.[\w.]+)'/g)].map((m) => ({
        key: m[1]!,
        where: relative(root, file),
      })),
    ),
  );

  it('are found (every service names some)', () => {
    expect(named.length).toBeGreaterThan(200);
  });

  it('are each a key of the catalogue', () => {
    expect(named.filter((n) => !isMessageKey(n.key))).toEqual([]);
  });
});

describe('a refusal in code', () => {
  it('names a key of the catalogue, or does not compile', () => {
    // @ts-expect-error 'validation.nope' is not in the catalogue
    const unknown = new DomainError('VALIDATION_FAILED', 'validation.nope');
    // @ts-expect-error a field error's key is checked the same way
    const field = DomainError.validation({ email: 'validation.emial' });
    // @ts-expect-error the entity of "not found" is a key of the catalogue too ('entities.branch', not 'branch')
    const notFound = DomainError.notFound('branch');
    expect([unknown.messageKey, field.fieldErrors.email?.key, notFound.params.entity]).toEqual([
      'validation.nope',
      'validation.emial',
      'branch',
    ]);
    expect(DomainError.notFound('entities.branch').params.entity).toBe('entities.branch');
  });
});
