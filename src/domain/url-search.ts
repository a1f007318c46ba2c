/**
 * The console's URL search as plain text (`?status=RISK&page=2`): every value a string, empty ones
 * left out. The router parses and writes every search with these (src/router.tsx), and a page that
 * goes to a location by its href writes it the same way.
 */
export const parseSearch = (text: string): Record<string, unknown> => Object.fromEntries(new URLSearchParams(text.startsWith('?') ? text.slice(1) : text));

export const stringifySearch = (search: Readonly<Record<string, unknown>>): string => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(search)) if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
};

/**
 * A list's search in the URL (src/machines/ui/search.machine.ts): its filters and a 1-based
 * `page`, every value a string. The URL's search → filters and a 0-based page.
 */
export function fromUrl(search: Readonly<Record<string, unknown>>): { query: Record<string, string>; page: number } {
  const query: Record<string, string> = {};
  let page = 0;
  for (const [key, value] of Object.entries(search)) {
    if (value === undefined || value === null || value === '') continue;
    if (key === 'page') page = Math.max(0, (Number.parseInt(String(value), 10) || 1) - 1);
    else query[key] = String(value);
  }
  return { query, page };
}

/** Filters and a 0-based page → the URL's search, without empty values. */
export function toUrl(query: Readonly<Record<string, string>>, page: number): Record<string, string> {
  const search: Record<string, string> = {};
  for (const [key, value] of Object.entries(query)) if (value !== '' && value !== undefined) search[key] = value;
  if (page > 0) search.page = String(page + 1);
  return search;
}
