/** The province catalogue moved to server/db/cuba.ts (reference data of migration 0004). */
export { CUBA, municipalityCode } from '../cuba';
