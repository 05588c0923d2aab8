import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from './en.js';
import { ku } from './ku.js';
import type { BackOfficeCatalogue } from './back-office.js';
import type { Texts } from './types.js';

export type Language = 'en' | 'ku';
export const LANGUAGES: readonly Language[] = ['en', 'ku'];
const STORAGE_KEY = 'dukan.language';

export function isLanguage(value: unknown): value is Language {
  return value === 'en' || value === 'ku';
}

export function storedLanguage(): Language {
  try {
    const saved = localStorage.getItem(STORAGE_KEY);
    return isLanguage(saved) ? saved : 'en';
  } catch {
    return 'en';
  }
}

export function directionOf(language: Language): 'rtl' | 'ltr' {
  return language === 'ku' ? 'rtl' : 'ltr';
}

/** `<html dir lang>` follow the language so the whole layout mirrors through logical CSS properties. */
export function applyDocumentLanguage(language: Language, doc: Document = document): void {
  doc.documentElement.lang = language === 'ku' ? 'ckb' : 'en';
  doc.documentElement.dir = directionOf(language);
}

let current: I18n | null = null;

/** The other screens' texts (back-office.ts) once loaded: every instance has them from then on. */
let backOffice: { en: BackOfficeCatalogue; ku: Texts<BackOfficeCatalogue> } | null = null;
let backOfficeLoading: Promise<void> | null = null;

function addBackOfficeTexts(instance: I18n): void {
  if (!backOffice) return;
  // Each screen's texts sit under a key of their own, beside the shell's and the till's: a shallow merge.
  instance.addResourceBundle('en', 'translation', backOffice.en, false, true);
  instance.addResourceBundle('ku', 'translation', backOffice.ku, false, true);
}

/** Makes the other screens' texts part of the catalogue (the current instance and every later one). */
export function includeBackOfficeTexts(texts: { en: BackOfficeCatalogue; ku: Texts<BackOfficeCatalogue> }): void {
  backOffice = texts;
  if (current) addBackOfficeTexts(current);
}

/**
 * Loads the texts of the screens other than the till (once; a route waits for it before it shows its screen). Until
 * a till's cashier opens one of them, the till runs without their 30 KB of JavaScript (gzipped).
 */
export function loadBackOfficeTexts(): Promise<void> {
  if (backOffice) return Promise.resolve();
  backOfficeLoading ??= import('./back-office.js').then(
    (m) => includeBackOfficeTexts({ en: m.backOfficeEn, ku: m.backOfficeKu }),
    (err: unknown) => {
      // A failed download (offline, a new build replacing the files) is tried again with the next screen.
      backOfficeLoading = null;
      throw err;
    },
  );
  return backOfficeLoading;
}

/** The instance the interface runs on (the latest created), for code outside React such as the HTTP client. */
export function currentI18n(): I18n {
  return current ?? i18n;
}

export function createI18n(language: Language = storedLanguage()): I18n {
  const instance = i18next.createInstance();
  current = instance;
  void instance.use(initReactI18next).init({
    resources: { en: { translation: en }, ku: { translation: ku } },
    lng: language,
    fallbackLng: 'en',
    supportedLngs: ['en', 'ku'],
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  });
  addBackOfficeTexts(instance);
  instance.on('languageChanged', (lng) => {
    if (!isLanguage(lng)) return;
    applyDocumentLanguage(lng);
    try {
      localStorage.setItem(STORAGE_KEY, lng);
    } catch {
      /* private mode: the choice lasts for this visit only */
    }
  });
  applyDocumentLanguage(language);
  return instance;
}

export const i18n = createI18n();
