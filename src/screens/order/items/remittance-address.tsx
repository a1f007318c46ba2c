import type { Province } from '@/api/contract/items';
import { getProvinces } from '@/api/items';
import { RemittanceMsg } from '@/domain/remittance';
import { useServices } from '@/app/context';
import { SelectField } from '@/ui/fields';
import { ResourceView, useResource } from '@/ui/resource-view';
import { tr } from '@/i18n/es-remittance';

export interface Place {
  provinceCode: string;
  municipalityCode: string;
}

/** The first municipality of a province: a province change picks it (spec details §5). */
export function firstMunicipality(provinces: readonly Province[], provinceCode: string): string {
  return provinces.find((p) => p.provinceCode === provinceCode)?.municipalities[0]?.municipalityCode ?? '';
}

/**
 * Province and municipality from the catalogue (`/catalog/secured/provinces?productType=`):
 * changing the province resets the municipality to that province's first; a failed lookup shows
 * "Error buscando las provincias" with a retry.
 */
export function PlaceFields({ idPrefix, productType, value, onChange }: { idPrefix: string; productType: string; value: Place; onChange: (place: Place) => void }) {
  const services = useServices();
  const provinces = useResource(() =>
    getProvinces(services.catalog, productType).catch(() => {
      throw new Error(RemittanceMsg.provincesFailed);
    }),
  );
  return (
    <ResourceView resource={provinces}>
      {(list) => {
        const province = list.find((p) => p.provinceCode === value.provinceCode);
        return (
          <div className="grid grid-cols-2 gap-3">
            <SelectField
              id={`${idPrefix}-province`}
              label={tr.forms.province}
              value={value.provinceCode}
              emptyLabel={tr.forms.choose}
              options={list.map((p) => ({ value: p.provinceCode, label: p.province }))}
              onChange={(e) => onChange({ provinceCode: e.target.value, municipalityCode: firstMunicipality(list, e.target.value) })}
            />
            <SelectField
              id={`${idPrefix}-municipality`}
              label={tr.forms.municipality}
              value={value.municipalityCode}
              emptyLabel={tr.forms.choose}
              options={(province?.municipalities ?? []).map((m) => ({ value: m.municipalityCode, label: m.municipality }))}
              onChange={(e) => onChange({ ...value, municipalityCode: e.target.value })}
            />
          </div>
        );
      }}
    </ResourceView>
  );
}
