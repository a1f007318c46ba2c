import { useServices } from '@/ui/session';
import { getCountryPrefixes } from '@/api/settings';
import type { Country } from '@/api/contract/settings';
import { DetailTabView, useShownDetail } from '@/ui/detail-tab';
import { Dialog } from '@/ui/dialog';
import { Button } from '@/ui/button';
import { settingsText } from '@/i18n/es-settings';

/** The dialling prefixes of one country, loaded when the dialog opens. */
export function CountryPrefixesDialog({ country, onClose }: { country: Country | null; onClose: () => void }) {
  return (
    <Dialog
      open={country !== null}
      title={country ? settingsText.countries.prefixesTitle(country.name) : ''}
      onClose={onClose}
      footer={<Button onClick={onClose}>{settingsText.countries.close}</Button>}
    >
      {country ? <Prefixes countryId={country.id} /> : null}
    </Dialog>
  );
}

function Prefixes({ countryId }: { countryId: number }) {
  const services = useServices();
  const resource = useShownDetail(() => getCountryPrefixes(services.users, countryId));
  return (
    <DetailTabView tab={resource}>
      {(prefixes) =>
        prefixes.length === 0 ? (
          <p className="text-sm text-slate-600">{settingsText.countries.noPrefixes}</p>
        ) : (
          <ul aria-label={settingsText.countries.prefixes} className="flex flex-wrap gap-2">
            {prefixes.map((p) => (
              <li key={p.id} className="rounded bg-slate-100 px-2 py-1 font-mono text-sm text-slate-800">
                +{p.prefix}
              </li>
            ))}
          </ul>
        )
      }
    </DetailTabView>
  );
}
