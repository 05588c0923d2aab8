import type { Language } from '../../../i18n/index.js';

/** A bilingual name in the interface language, falling back to English. */
export function localName(name: { en: string; ku?: string } | null | undefined, language: Language): string {
  if (!name) return '';
  return (language === 'ku' ? name.ku?.trim() || name.en : name.en) ?? '';
}
