import type { InputHTMLAttributes, SelectHTMLAttributes } from 'react';

const control = 'mt-1 block w-full rounded-md border border-slate-300 bg-white px-2.5 py-1.5 text-sm text-slate-900 shadow-sm focus:border-brand-500';

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  id: string;
  label: string;
  options: readonly { value: string; label: string }[];
  /** The label of the empty choice ("Todos"); omit for a required choice. */
  emptyLabel?: string;
}

export function SelectField({ id, label, options, emptyLabel, className = '', ...select }: SelectFieldProps) {
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-xs font-medium text-slate-600">
        {label}
      </label>
      <select id={id} name={id} className={control} {...select}>
        {emptyLabel !== undefined ? <option value="">{emptyLabel}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

export interface InputFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  id: string;
  label: string;
}

/** A compact labelled input for filter bars (dates use type="date": YYYY-MM-DD values). */
export function InputField({ id, label, className = '', ...input }: InputFieldProps) {
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-xs font-medium text-slate-600">
        {label}
      </label>
      <input id={id} name={id} className={control} {...input} />
    </div>
  );
}
