import type { LocalizedText } from '@dukan/contracts';

/** A bilingual name in the screen's language (English when there is no Kurdish). */
export function nameIn(language: string, name: LocalizedText | null | undefined, fallback = ''): string {
  if (!name) return fallback;
  return language === 'ku' && name.ku ? name.ku : name.en || fallback;
}
