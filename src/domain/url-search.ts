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
