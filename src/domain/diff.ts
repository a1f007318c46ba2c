/**
 * What changed between two versions of a record: only those fields go to the action log
 * (spec details §1). Values are compared by their JSON form, so nested objects and arrays count
 * as changed only when their content differs.
 */
export type Changes = Record<string, { before: unknown; after: unknown }>;

export function changedFields(before: Record<string, unknown> | null, after: Record<string, unknown> | null): Changes {
  const changes: Changes = {};
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  for (const key of keys) {
    const a = before?.[key];
    const b = after?.[key];
    if (JSON.stringify(a ?? null) !== JSON.stringify(b ?? null)) changes[key] = { before: a ?? null, after: b ?? null };
  }
  return changes;
}

/** The document codes of the action log and the audit trail (spec details §1). */
export const DOC_CODES = ['CUSTOM', 'CUSTOMER', 'ORDER', 'UPG', 'CALL', 'SETTING'] as const;
export type DocCode = (typeof DOC_CODES)[number];
