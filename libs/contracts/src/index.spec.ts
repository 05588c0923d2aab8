import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as contracts from './index.js';

const here = dirname(fileURLToPath(import.meta.url));
/** The one package contracts may use: plain JavaScript, the same phone reading on the server and in the browser. */
const ALLOWED_PACKAGES = ['libphonenumber-js/min'];
const sources = readdirSync(here, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts') && !f.endsWith('.spec.ts'));

describe('@dukan/contracts', () => {
  it('re-exports the public API from index', () => {
    for (const name of [
      'PERMISSION_MODULES',
      'MODULE_ACTIONS',
      'ROLES',
      'ROLE_DEFAULT_PERMISSIONS',
      'effectivePermissions',
      'can',
      'PAGE_ACCESS',
      'canAccessPage',
      'pageKeyForPath',
      'sanitizePermissions',
      'SERVICES',
      'ROUTES',
      'matchRoute',
      'routeExistsForOtherMethod',
      'isAllowed',
      'ERROR_CODES',
      'ERROR_STATUS',
      'SERVER_MESSAGES',
      'translate',
      'EVENT_SUBJECTS',
      'toCents',
      'fromCents',
      'usdCentsToIqd',
      'iqdToUsdCents',
      'formatMoney',
      'DEFAULT_EXCHANGE_RATE',
      'stockStatus',
      'stockBadgeColour',
      'ean13CheckDigit',
      'isValidEan13',
      'isValidPhone',
      'parsePhone',
      'formatPhone',
      'EMAIL_REGEX',
    ]) {
      expect({ name, exported: name in contracts }).toEqual({ name, exported: true });
    }
  });

  it.each(sources)('%s uses no Node or browser API and no package but the allowed one', (file) => {
    const text = readFileSync(join(here, file), 'utf8');
    const imports = [...text.matchAll(/^\s*(?:import|export)\s[^'"]*from\s+'([^']+)'/gm)].map((m) => m[1]);
    expect(imports.filter((spec) => !/^\.\.?\/([a-z-]+\/)?[a-z-]+\.js$/.test(spec!) && !ALLOWED_PACKAGES.includes(spec!))).toEqual([]);
    const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'])\/\/.*$/gm, '$1');
    expect(code).not.toMatch(/\b(process|require|window|document|localStorage|Buffer|globalThis|fetch|setTimeout)\b\s*[.(]/);
  });
});
