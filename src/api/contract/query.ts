import * as v from 'valibot';
import { parseDay } from '@/domain/date-window';

/**
 * Query-string pieces shared by every list. An empty value means "not given": forms send
 * every field, filled or not.
 */

const blankToUndefined = v.transform((s: string) => (s === '' ? undefined : s));

/** A calendar day YYYY-MM-DD; anything else that is not empty is a 400. */
export const DayQuery = v.optional(
  v.pipe(v.string(), v.trim(), v.check((s) => s === '' || parseDay(s) !== null, 'Fecha inválida: use el formato AAAA-MM-DD.'), blankToUndefined),
);

/** A numeric id. */
export function IdQuery(label: string) {
  return v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.check((s) => s === '' || /^\d{1,12}$/.test(s), `${label} debe ser un número.`),
      v.transform((s) => (s === '' ? undefined : Number(s))),
    ),
  );
}

/** Free text, trimmed, bounded. */
export function TextQuery(label: string, max = 120) {
  return v.optional(v.pipe(v.string(), v.trim(), v.maxLength(max, `${label} es demasiado largo.`), blankToUndefined));
}

/** "El estado no es válido.", "La pasarela no es válida.": the adjective agrees with the label's article. */
const notOneOf = (label: string) => `${label} no es ${/^(la|las) /i.test(label) ? 'válida' : 'válido'}.`;

/** One of a fixed set of values. */
export function ChoiceQuery<const T extends readonly [string, ...string[]]>(values: T, label: string) {
  return v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.check((s) => s === '' || (values as readonly string[]).includes(s), notOneOf(label)),
      v.transform((s) => (s === '' ? undefined : (s as T[number]))),
    ),
  );
}

/** A page number from 0 and a page size bounded by the list's maximum. */
/** A required numeric id of the query string; `subject` reads "la orden", "el usuario"... */
export const IdParam = (subject: string) => {
  const missing = `Debe indicar ${subject}.`;
  const notNumber = `${subject.charAt(0).toUpperCase()}${subject.slice(1)} debe ser un número.`;
  // A missing key reads as empty, so both get the Spanish "Debe indicar …".
  return v.pipe(v.optional(v.string(missing), ''), v.trim(), v.nonEmpty(missing), v.regex(/^\d{1,12}$/, notNumber), v.transform(Number));
};

export function PageQuery(defaultSize: number, maxSize: number) {
  return {
    page: v.optional(
      v.pipe(v.string(), v.regex(/^\d{1,6}$/, 'La página debe ser un número entero.'), v.transform(Number)),
      '0',
    ),
    size: v.optional(
      v.pipe(
        v.string(),
        v.regex(/^\d{1,4}$/, 'El tamaño de página debe ser un número entero.'),
        v.transform(Number),
        v.minValue(1, 'El tamaño de página debe ser al menos 1.'),
        v.maxValue(maxSize, `El tamaño de página no puede superar ${maxSize}.`),
      ),
      String(defaultSize),
    ),
  };
}

/** The first six and last four digits of a card, typed together ("411111 1111" or "4111111111"). */
export const CardQuery = v.optional(
  v.pipe(
    v.string(),
    v.transform((s) => s.replace(/[\s*-]/g, '')),
    v.check((s) => s === '' || /^\d{10}$/.test(s), 'La tarjeta debe tener los 6 primeros y los 4 últimos dígitos.'),
    v.transform((s) => (s === '' ? undefined : { firstSix: s.slice(0, 6), lastFour: s.slice(6) })),
  ),
);

/** A list page: `{ elements, totalElements, countElements }`; `totalLimited` when the count stopped at its cap. */
export function PageOf<TElement extends v.GenericSchema>(element: TElement) {
  return v.object({
    elements: v.array(element),
    totalElements: v.number(),
    countElements: v.number(),
    totalLimited: v.optional(v.boolean()),
  });
}

/** Counting stops here: past it the pager says "más de" and the user narrows the search. */
export const COUNT_CAP = 10_000;

/**
 * A document's notes are counted up to here: past it the notes say "más de 1000" (read newest
 * first, ten at a time, nobody reads further), and a document that gathers notes all day costs a
 * page the same as one with a thousand (docs/decisions.md, "the soak's drift").
 */
export const NOTES_COUNT_CAP = 1_000;
