import type { ChangeEvent, InputHTMLAttributes, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';

const control = 'mt-1 block w-full rounded-md border border-slate-300 bg-white text-slate-900 shadow-sm focus:border-brand-500';
const sizes = {
  compact: { control: `${control} px-2.5 py-1.5 text-sm`, label: 'block text-xs font-medium text-slate-600' },
  large: { control: `${control} px-3 py-2`, label: 'block text-sm font-medium text-slate-700' },
};

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  id: string;
  label: string;
  /** Each choice; `title` is its tooltip (the code name behind a Spanish label). */
  options: readonly { value: string; label: string; title?: string }[];
  /** The label of the empty choice ("Todos"); omit for a required choice. */
  emptyLabel?: string;
}

export function SelectField({ id, label, options, emptyLabel, className = '', ...select }: SelectFieldProps) {
  return (
    <div className={className}>
      <label htmlFor={id} className={sizes.compact.label}>
        {label}
      </label>
      <select id={id} name={id} className={sizes.compact.control} {...select}>
        {emptyLabel !== undefined ? <option value="">{emptyLabel}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value} title={o.title}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

export interface InputFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'size'> {
  id: string;
  label: string;
  /** Compact in filter bars and dialogs, large on the sign-in form. */
  size?: keyof typeof sizes;
}

/** A labelled input; the label names it for screen readers and tests (dates: type="date", YYYY-MM-DD). */
export function InputField({ id, label, className = '', size = 'compact', ...input }: InputFieldProps) {
  return (
    <div className={className}>
      <label htmlFor={id} className={sizes[size].label}>
        {label}
      </label>
      <input id={id} name={id} className={sizes[size].control} {...input} />
    </div>
  );
}

export interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> {
  id: string;
  label: string;
}

/** A labelled text area (a note, a message). */
export function TextAreaField({ id, label, className = '', ...area }: TextAreaFieldProps) {
  return (
    <div className={className}>
      <label htmlFor={id} className={sizes.compact.label}>
        {label}
      </label>
      <textarea id={id} name={id} className={sizes.compact.control} {...area} />
    </div>
  );
}

/** A labelled checkbox, the label beside it. */
export function CheckboxField({ id, label, checked, onChange }: { id: string; label: string; checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <label htmlFor={id} className="flex items-center gap-2 text-sm text-slate-700">
      <input id={id} name={id} type="checkbox" className="size-4 rounded border-slate-300 text-brand-600" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      {label}
    </label>
  );
}

type TextKeys<F> = { [K in keyof F]: F[K] extends string ? K : never }[keyof F];

/** One text field of a form, bound: its value and the change that sets it (`<InputField {...bound(form, change, 'name')} />`). */
export function bound<F, K extends TextKeys<F>>(form: F, change: (patch: Partial<F>) => void, key: K) {
  return {
    value: form[key] as string,
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => change({ [key]: e.target.value } as Partial<F>),
  };
}
