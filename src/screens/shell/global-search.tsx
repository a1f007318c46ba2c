import { useState, type KeyboardEvent } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { MagnifyingGlassIcon } from '@heroicons/react/24/outline';
import { t } from '@/i18n';

/** The global user search: Enter runs it, an empty string is ignored. */
export function GlobalSearch({ id, className = '' }: { id: string; className?: string }) {
  const [value, setValue] = useState('');
  const navigate = useNavigate();
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    const search = value.trim();
    if (search === '') return;
    void navigate({ to: '/admin/clients', search: { search } });
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
