import * as v from 'valibot';

export type Checked<T> = { ok: true; payload: T } | { ok: false; message: string };

/** A body checked by the contract the server applies: the parsed body, or its first Spanish message. */
export function checkBody<TSchema extends v.GenericSchema>(schema: TSchema, input: unknown): Checked<v.InferOutput<TSchema>> {
  const result = v.safeParse(schema, input);
  return result.success ? { ok: true, payload: result.output } : { ok: false, message: result.issues[0].message };
}
