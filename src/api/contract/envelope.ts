import * as v from 'valibot';

/** Every JSON answer of the contract except the OAuth token endpoint: `{ code: 0, data }`. */
export function Envelope<TData extends v.GenericSchema>(data: TData) {
  return v.object({ code: v.number(), data });
}

/** The error body of the catalogue: `{ error, error_description }`. */
export const ErrorBody = v.object({
  error: v.string(),
  error_description: v.optional(v.string()),
});
export type ErrorBody = v.InferOutput<typeof ErrorBody>;

/** A page of a list: `{ elements, totalElements, countElements }`. */
export function Page<TElement extends v.GenericSchema>(element: TElement) {
  return v.object({
    elements: v.array(element),
    totalElements: v.number(),
    countElements: v.number(),
  });
}

/** Timestamps travel as ISO-8601 text in UTC. */
export const IsoDateTime = v.pipe(v.string(), v.isoTimestamp());

/** A query-string integer: digits only, parsed to a number. */
export const QueryInt = v.pipe(v.string(), v.regex(/^\d{1,12}$/, 'Debe ser un número entero.'), v.transform(Number));

/** Paging query of every list: page from 0, size bounded. */
export function PagingQuery(defaultSize: number, maxSize: number) {
  return {
    page: v.optional(v.pipe(QueryInt, v.maxValue(1_000_000, 'La página es demasiado grande.')), '0'),
    size: v.optional(
      v.pipe(QueryInt, v.minValue(1, 'El tamaño de página debe ser al menos 1.'), v.maxValue(maxSize, `El tamaño de página no puede superar ${maxSize}.`)),
      String(defaultSize),
    ),
  };
}
