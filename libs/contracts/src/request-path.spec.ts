import { parseRequestPath } from './request-path.js';

describe('parseRequestPath', () => {
  const read = (target: string) => {
    const p = parseRequestPath(target);
    return p && { zone: p.zone, path: p.path };
  };

  it.each([
    ['/api/products', 'api', '/api/products'],
    ['/API/Products', 'api', '/api/Products'],
    ['/%41pi/products?x=1#y', 'api', '/api/products'],
    ['//api///products//', 'api', '/api/products'],
    ['/api/./products/.', 'api', '/api/products'],
    ['/assets/../api/products', 'api', '/api/products'],
    ['/api/%2e%2E/internal/auth', 'internal', '/internal/auth'],
    ['/INTERNAL/auth/sessions/x', 'internal', '/internal/auth/sessions/x'],
    ['/api%2Fproducts', 'other', '/api%2Fproducts'],
    ['/apis/products', 'other', '/apis/products'],
    ['/../../etc/passwd', 'other', '/etc/passwd'],
    ['/', 'other', '/'],
    ['/assets/caf%C3%A9.js', 'other', '/assets/caf%C3%A9.js'],
  ])('%s is %s %s', (target, zone, path) => {
    expect(read(target)).toEqual({ zone, path });
  });

  it('refuses targets that are not paths or whose encoding is broken', () => {
    for (const target of ['', 'api/products', 'http://x/api', '/api/%zz', '/api/%E0%A4%A']) expect(parseRequestPath(target)).toBeNull();
  });
});
