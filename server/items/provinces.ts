import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { Province } from '@/api/contract/items';

/** Cuba's provinces, each with its municipalities, in catalogue order (the first is the default). */
export async function listProvinces(db: Kysely<Database>): Promise<Province[]> {
  const [provinces, municipalities] = await Promise.all([
    db.selectFrom('provinces').selectAll().orderBy('position').execute(),
    db.selectFrom('municipalities').selectAll().orderBy('province_code').orderBy('position').execute(),
  ]);
  return provinces.map((p) => ({
    province: p.name,
    provinceCode: p.code,
    municipalities: municipalities.filter((m) => m.province_code === p.code).map((m) => ({ municipality: m.name, municipalityCode: m.code })),
  }));
}

/** Whether a province and municipality pair exists (an address must name real places). */
export async function placeExists(db: Kysely<Database>, provinceCode: string, municipalityCode: string): Promise<boolean> {
  const row = await db.selectFrom('municipalities').select('code').where('code', '=', municipalityCode).where('province_code', '=', provinceCode).executeTakeFirst();
  return row !== undefined;
}
