import { GRAPH_DEPTHS, NETWORK_TYPES } from '@/api/contract/fraud-graph';
import { Button } from '@/ui/button';
import { InputField, SelectField } from '@/ui/fields';
import type { SearchScreen } from '@/ui/search-screen';
import { fraudGraphText } from '@/i18n/es-fraud-graph';

const depthOptions = GRAPH_DEPTHS.map((d) => ({ value: String(d), label: String(d) }));
const networkOptions = NETWORK_TYPES.map((type) => ({ value: type, label: fraudGraphText.networkTypes[type] }));

/**
 * The search, bound to the search chart: order id and user id are its draft and apply with "Buscar";
 * depth, network type and multi-company go into the draft and search at once (with the ids typed so
 * far). The chart's draft follows the URL it hears, so what the form shows is what was searched or
 * is being typed.
 */
export function GraphForm({ screen }: { screen: SearchScreen }) {
  const searchWith = (name: string, value: string) => {
    screen.set(name, value);
    screen.submit();
  };
  return (
    <form
      aria-label={fraudGraphText.form.label}
      className="flex flex-wrap items-end gap-3 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200"
      onSubmit={(event) => {
        event.preventDefault();
        screen.submit();
      }}
    >
      <InputField id="graph-order" label={fraudGraphText.form.orderId} inputMode="numeric" autoComplete="off" className="w-32" {...screen.field('orderId')} />
      <InputField id="graph-user" label={fraudGraphText.form.userId} inputMode="numeric" autoComplete="off" className="w-32" {...screen.field('userId')} />
      <SelectField id="graph-depth" label={fraudGraphText.form.depth} className="w-28" options={depthOptions} value={screen.draft.depth} onChange={(e) => searchWith('depth', e.target.value)} />
      <SelectField id="graph-network" label={fraudGraphText.form.networkType} className="w-40" options={networkOptions} value={screen.draft.networkType} onChange={(e) => searchWith('networkType', e.target.value)} />
      <label className="flex items-center gap-2 pb-2 text-sm font-medium text-slate-700">
        <input
          type="checkbox"
          className="size-4 rounded border-slate-300 text-brand-600"
          checked={screen.draft.multiCompany !== 'false'}
          onChange={(e) => searchWith('multiCompany', String(e.target.checked))}
        />
        {fraudGraphText.form.multiCompany}
      </label>
      <Button type="submit">{fraudGraphText.form.submit}</Button>
    </form>
  );
}
