/** Query parameters as the lists send them: every value a string, empty ones left out. */
export type ListParams = Record<string, string>;

/** Lists can be abandoned mid-flight (a newer search): the signal aborts the request. */
export type Signal = AbortSignal | undefined;

export const clean = (params: ListParams) => Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined && v !== ''));

/**
 * A page of a list with an "extra filter" (Ordenes, Pagos UPG) → the API's parameters: the chosen
 * kind becomes its own parameter holding the typed value; empty filters are not sent.
 */
export function pageParams(query: Readonly<Record<string, string>>, page: number, size: number): ListParams {
  const { extraKind, extraValue, ...rest } = query;
  const params: ListParams = { ...rest, page: String(page), size: String(size) };
  if (extraKind && extraValue?.trim()) params[extraKind] = extraValue.trim();
  return params;
}
