import { restoredChart } from '@/machines/lifecycle/restore';
import { rowFor, type AnyLifecycle } from '@/machines/lifecycle/table';

/**
 * A row's form as the screen opens it: found through the row, opened from the chart restored with
 * the page's facts (the server's snapshot and what the card shows), for the row's subject.
 */
export function opened(lifecycle: AnyLifecycle, event: string, input: Record<string, unknown>, subject: unknown = { accountId: 12 }) {
  const form = rowFor(lifecycle.rows, event)!.form!;
  const context = restoredChart(lifecycle.machine, { ...input, permissions: [] }).context;
  const value = form.initial(context, subject) as Record<string, unknown>;
  return { form, context, subject, value, check: (typed: Record<string, unknown>) => form.validate({ ...value, ...typed }, context, subject) };
}
