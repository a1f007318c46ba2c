import { useState, type KeyboardEvent } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { MagnifyingGlassIcon } from '@heroicons/react/24/outline';
import { useScreens } from '@/routing/screens';
import { t } from '@/i18n';

/**
 * The screen the global search leads to (its results sit above Recuperar Clientes): the box is
 * offered only to those whose permissions open it, asked of the one list of screens the routes and
 * the menus read, so nobody types a search that ends in NO POSEE AUTORIZACION DE ACCESO.
 */
const RESULTS_PATH = 'clients';
const RESULTS_TO = `/admin/${RESULTS_PATH}` as const;

/** The global user search: Enter runs it, an empty string is ignored; absent for those who may not open its results. */
export function GlobalSearch({ id, className = '' }: { id: string; className?: string }) {
  const [value, setValue] = useState('');
  const navigate = useNavigate();
  const { opens } = useScreens();
  if (!opens(RESULTS_PATH)) return null;
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    const search = value.trim();
    if (search === '') return;
    void navigate({ to: RESULTS_TO, search: { search } });
  };
  return (
    <div className={`relative ${className}`}>
      <label htmlFor={id} className="sr-only">
        {t.topbar.search}
      </label>
      <MagnifyingGlassIcon aria-hidden className="pointer-events-none absolute top-2.5 left-2.5 size-4 text-slate-400" />
      <input
        id={id}
        type="search"
        value={value}
        onChange={(e) => setValue(e.target.value)}
        onKeyDown={onKeyDown}
        placeholder={t.topbar.searchPlaceholder}
        className="w-full rounded-md border border-slate-300 bg-white py-2 pr-3 pl-8 text-sm text-slate-900 placeholder:text-slate-500"
      />
    </div>
  );
}
