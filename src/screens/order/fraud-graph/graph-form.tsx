import { useState } from 'react';
import { GRAPH_DEPTHS, NETWORK_TYPES, DEFAULT_DEPTH } from '@/api/contract/fraud-graph';
import { Button } from '@/ui/button';
import { InputField, SelectField } from '@/ui/fields';
import { fraudGraphText } from '@/i18n/es-fraud-graph';
import type { GraphSearch } from './graph-search';

const depthOptions = GRAPH_DEPTHS.map((d) => ({ value: String(d), label: String(d) }));
const networkOptions = NETWORK_TYPES.map((type) => ({ value: type, label: fraudGraphText.networkTypes[type] }));

/**
 * The search: order id and user id apply with "Buscar"; depth, network type and multi-company
 * apply as soon as they change. The form starts from the URL (the page remounts it when the URL
 * changes), so what it shows is always what was searched or is being typed.
 */
export function GraphForm({ search, onSearch }: { search: GraphSearch; onSearch: (search: GraphSearch) => void }) {
  const [orderId, setOrderId] = useState(search.orderId ?? '');
  const [userId, setUserId] = useState(search.userId ?? '');
  const depth = search.depth ?? String(DEFAULT_DEPTH);
  const networkType = search.networkType ?? 'ALL';
  const multiCompany = search.multiCompany !== 'false';
  const submit = (changes: GraphSearch = {}) =>
    onSearch({ orderId: orderId.trim(), userId: userId.trim(), depth, networkType, multiCompany: String(multiCompany), ...changes });

  return (
    <form
      aria-label={fraudGraphText.form.label}
      className="flex flex-wrap items-end gap-3 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <InputField id="graph-order" label={fraudGraphText.form.orderId} inputMode="numeric" autoComplete="off" className="w-32" value={orderId} onChange={(e) => setOrderId(e.target.value)} />
      <InputField id="graph-user" label={fraudGraphText.form.userId} inputMode="numeric" autoComplete="off" className="w-32" value={userId} onChange={(e) => setUserId(e.target.value)} />
      <SelectField id="graph-depth" label={fraudGraphText.form.depth} className="w-28" options={depthOptions} value={depth} onChange={(e) => submit({ depth: e.target.value })} />
      <SelectField id="graph-network" label={fraudGraphText.form.networkType} className="w-40" options={networkOptions} value={networkType} onChange={(e) => submit({ networkType: e.target.value })} />
      <label className="flex items-center gap-2 pb-2 text-sm font-medium text-slate-700">
        <input
          type="checkbox"
          className="size-4 rounded border-slate-300 text-brand-600"
          checked={multiCompany}
          onChange={(e) => submit({ multiCompany: String(e.target.checked) })}
        />
        {fraudGraphText.form.multiCompany}
      </label>
      <Button type="submit">{fraudGraphText.form.submit}</Button>
    </form>
  );
}
