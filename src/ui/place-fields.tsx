import type { Province } from '@/api/contract/items';
import { getProvinces } from '@/api/items';
import { normalizeProvince } from '@/domain/format';
import { useServices } from '@/ui/session';
import { DetailTabView, useShownDetail } from '@/ui/detail-tab';
import { SelectField } from '@/ui/fields';
import { pickupPrepaidText } from '@/i18n/es-pickup-prepaid';

/** Cuba's provinces (with their municipalities) for a product, read once where they are shown. */
export function useProvinces(productType: string) {
  const services = useServices();
  return useShownDetail(() => getProvinces(services.catalog, productType));
}

/** A place of Cuba's catalogue by its codes, as the address bodies send it. */
export interface PlaceCodes {
  provinceCode: string;
  municipalityCode: string;
}

/** A place of Cuba's catalogue, by code and by name. */
export interface Place extends PlaceCodes {
  province: string;
  municipality: string;
}

/** The place a province change leads to: that province's first municipality (spec details §5). */
export function placeInProvince(provinces: readonly Province[], provinceCode: string): Place | null {
  const province = provinces.find((p) => p.provinceCode === provinceCode);
  const first = province?.municipalities[0];
  if (!province || !first) return null;
  return { provinceCode, province: province.province, municipalityCode: first.municipalityCode, municipality: first.municipality };
}

/**
 * Province and municipality selects over the catalogue (`/catalog/secured/provinces?productType`),
 * loaded when the form opens; every address editor of the item panels uses them. Changing the province resets the municipality to the province's
 * first; a failed lookup shows "Error buscando las provincias" with a retry.
 */
export function PlaceFields({ idPrefix, productType, value, onChange }: { idPrefix: string; productType: string; value: PlaceCodes; onChange: (place: Place) => void }) {
  const catalogue = useProvinces(productType);

  return (
    <DetailTabView tab={catalogue} failed={pickupPrepaidText.places.failed} loading={pickupPrepaidText.places.loading}>
      {(provinces) => <PlaceSelects idPrefix={idPrefix} provinces={provinces} value={value} onChange={onChange} />}
    </DetailTabView>
  );
}

function PlaceSelects({ idPrefix, provinces, value, onChange }: { idPrefix: string; provinces: readonly Province[]; value: PlaceCodes; onChange: (place: Place) => void }) {
  const municipalities = provinces.find((p) => p.provinceCode === value.provinceCode)?.municipalities ?? [];
  return (
    <div className="grid grid-cols-2 gap-3">
      <SelectField
        id={`${idPrefix}-province`}
        label={pickupPrepaidText.places.province}
        value={value.provinceCode}
        {...(value.provinceCode === '' ? { emptyLabel: pickupPrepaidText.places.choose } : {})}
        options={provinces.map((p) => ({ value: p.provinceCode, label: normalizeProvince(p.province) }))}
        onChange={(e) => {
          const place = placeInProvince(provinces, e.target.value);
          if (place) onChange(place);
        }}
      />
      <SelectField
        id={`${idPrefix}-municipality`}
        label={pickupPrepaidText.places.municipality}
        value={value.municipalityCode}
        options={municipalities.map((m) => ({ value: m.municipalityCode, label: m.municipality }))}
        onChange={(e) => {
          const municipality = municipalities.find((m) => m.municipalityCode === e.target.value);
          const province = provinces.find((p) => p.provinceCode === value.provinceCode);
          if (municipality && province) onChange({ provinceCode: province.provinceCode, province: province.province, municipalityCode: municipality.municipalityCode, municipality: municipality.municipality });
        }}
      />
    </div>
  );
}
