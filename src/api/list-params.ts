/** Query parameters as the lists send them: every value a string, empty ones left out. */
export type ListParams = Record<string, string>;

/** Lists can be abandoned mid-flight (a newer search): the signal aborts the request. */
export type Signal = AbortSignal | undefined;

export const clean = (params: ListParams) => Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined && v !== ''));
