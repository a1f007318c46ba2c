import { LANGUAGES, DEFAULT_LANGUAGE } from '@/domain/languages';
import { t } from '@/i18n';

/**
 * The language option list. Every language is listed; the ones without a catalogue are marked
 * "sin traducción" and disabled, so choosing one cannot leave a user on a half-translated screen.
 */
export function LanguageSelect({ id, className = '' }: { id: string; className?: string }) {
  return (
    <label htmlFor={id} className={`flex items-center gap-2 text-sm text-slate-600 ${className}`}>
      <span>{t.login.language}</span>
      <select
        id={id}
        defaultValue={DEFAULT_LANGUAGE}
        className="min-w-0 flex-1 rounded-md border border-slate-300 bg-white px-2 py-1 text-sm text-slate-800"
      >
        {LANGUAGES.map((language) => (
          <option key={language.code} value={language.code} disabled={!language.translated} lang={language.code}>
            {language.translated ? language.name : `${language.name} (${t.login.notTranslated})`}
          </option>
        ))}
      </select>
    </label>
  );
}
