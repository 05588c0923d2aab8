import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { en } from './en.js';
import { ku } from './ku.js';
import { backOfficeEn, backOfficeKu } from './back-office.js';
import { applyDocumentLanguage, createI18n } from './index.js';
import { formatters } from './format.js';

function flatten(obj: object, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(obj)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out.set(key, v);
    else for (const [kk, vv] of flatten(v as object, key)) out.set(kk, vv);
  }
  return out;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.spec\.tsx?$/.test(name) ? [path] : [];
  });
}

const enKeys = flatten({ ...en, ...backOfficeEn });
const kuKeys = flatten({ ...ku, ...backOfficeKu });

describe('translation catalogues', () => {
  it('have the same keys in English and Kurdish', () => {
    expect([...enKeys.keys()].filter((k) => !kuKeys.has(k))).toEqual([]);
    expect([...kuKeys.keys()].filter((k) => !enKeys.has(k))).toEqual([]);
  });

  it('have no empty texts and the same placeholders in both languages', () => {
    for (const [key, text] of enKeys) {
      expect(text.trim(), key).not.toBe('');
      const kuText = kuKeys.get(key) ?? '';
      expect(kuText.trim(), key).not.toBe('');
      const vars = (s: string) => [...s.matchAll(/{{(\w+)}}/g)].map((m) => m[1]).sort();
      expect(vars(kuText), key).toEqual(vars(text));
    }
  });

  it('write Kurdish in Arabic script, not transliterated', () => {
    // 'SKU' is the term shops print on their labels in either language; every other text is in Arabic script.
    const latinOnly = [...kuKeys].filter(
      ([key, text]) => !/[\u0600-\u06FF]/.test(text) && key !== 'language.en' && !(key.endsWith('.sku') && text === 'SKU'),
    );
    expect(latinOnly).toEqual([]);
  });

  it('have every key the code asks for', () => {
    const root = existsSync(join(process.cwd(), 'src/i18n')) ? join(process.cwd(), 'src') : join(process.cwd(), 'frontend/src');
    const used = new Set<string>();
    for (const file of sourceFiles(root)) {
      const src = readFileSync(file, 'utf8');
      for (const m of src.matchAll(/\bt\(\s*'([a-zA-Z0-9_.]+)'/g)) used.add(m[1]!);
      for (const m of src.matchAll(/i18nKey="([a-zA-Z0-9_.]+)"/g)) used.add(m[1]!);
    }
    expect(used.size).toBeGreaterThan(50);
    expect([...used].filter((k) => !enKeys.has(k))).toEqual([]);
  });

  it("give the till, sign-in and the shell every text they ask for without the other screens' texts", () => {
    // The other screens' texts load with the first of those screens (back-office.ts), so never with a till.
    const root = existsSync(join(process.cwd(), 'src/i18n')) ? join(process.cwd(), 'src') : join(process.cwd(), 'frontend/src');
    const tillKeys = flatten(en);
    const used = new Set<string>();
    for (const dir of ['features/pos', 'features/auth', 'features/desktop', 'components/layout', 'app']) {
      for (const file of sourceFiles(join(root, dir))) {
        const src = readFileSync(file, 'utf8');
        for (const m of src.matchAll(/\bt\(\s*'([a-zA-Z0-9_.]+)'/g)) used.add(m[1]!);
      }
    }
    expect(used.size).toBeGreaterThan(50);
    expect([...used].filter((k) => !tillKeys.has(k))).toEqual([]);
    expect(Object.keys(backOfficeEn).filter((k) => k in en)).toEqual([]);
  });
});

describe('language switch', () => {
  it('sets <html dir="rtl" lang> for Kurdish and back for English', async () => {
    const i18n = createI18n('en');
    expect(document.documentElement.dir).toBe('ltr');
    await i18n.changeLanguage('ku');
    expect(document.documentElement.dir).toBe('rtl');
    expect(document.documentElement.lang).toBe('ckb');
    expect(i18n.t('nav.logout')).toBe('چوونەدەرەوە');
    expect(localStorage.getItem('dukan.language')).toBe('ku');
    applyDocumentLanguage('en');
    expect(document.documentElement.dir).toBe('ltr');
  });

  it('formats money in the language of the screen', () => {
    expect(formatters('en').usd(1250)).toBe('$12.50');
    expect(formatters('en').iqd(14500)).toMatch(/IQD\s?14,500/);
    const kuMoney = formatters('ku').iqd(14500);
    expect(kuMoney).toMatch(/[٠-٩]/);
    expect(kuMoney).toContain('١٤٬٥٠٠');
    expect(kuMoney).not.toMatch(/٫[٠-٩]/);
  });
});
