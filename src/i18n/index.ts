import { es } from './es';

/**
 * The active catalogue. Spanish is the only complete one; the language list shows the rest as
 * not translated and they cannot be chosen, so nobody reads a half-translated screen.
 */
export const t = es;

/** A flag as every table and card shows it: 'Sí' or 'No'. */
export const yesNo = (value: boolean | null | undefined) => (value ? es.yes : es.no);
