/**
 * The 26 languages of the language option list. Only Spanish has a catalogue today; the
 * others are listed, marked as not translated, and cannot be chosen (docs/decisions.md).
 */
export const LANGUAGES = [
  { code: 'es', name: 'Español', translated: true },
  { code: 'en', name: 'English', translated: false },
  { code: 'pt', name: 'Português', translated: false },
  { code: 'fr', name: 'Français', translated: false },
  { code: 'de', name: 'Deutsch', translated: false },
  { code: 'it', name: 'Italiano', translated: false },
  { code: 'ca', name: 'Català', translated: false },
  { code: 'ht', name: 'Kreyòl ayisyen', translated: false },
  { code: 'nl', name: 'Nederlands', translated: false },
  { code: 'pl', name: 'Polski', translated: false },
  { code: 'ro', name: 'Română', translated: false },
  { code: 'ru', name: 'Русский', translated: false },
  { code: 'uk', name: 'Українська', translated: false },
  { code: 'tr', name: 'Türkçe', translated: false },
  { code: 'el', name: 'Ελληνικά', translated: false },
  { code: 'ar', name: 'العربية', translated: false },
  { code: 'he', name: 'עברית', translated: false },
  { code: 'hi', name: 'हिन्दी', translated: false },
  { code: 'zh', name: '中文', translated: false },
  { code: 'ja', name: '日本語', translated: false },
  { code: 'ko', name: '한국어', translated: false },
  { code: 'vi', name: 'Tiếng Việt', translated: false },
  { code: 'tl', name: 'Tagalog', translated: false },
  { code: 'id', name: 'Bahasa Indonesia', translated: false },
  { code: 'sv', name: 'Svenska', translated: false },
  { code: 'cs', name: 'Čeština', translated: false },
] as const;

export type LanguageCode = (typeof LANGUAGES)[number]['code'];
export const DEFAULT_LANGUAGE: LanguageCode = 'es';
