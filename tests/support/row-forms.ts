import { expect } from 'vitest';
import { wireRequestOf } from '@/api/actions';
import { ALL_PERMISSIONS } from '@/domain/permissions';
import { restoredChart } from '@/machines/lifecycle/restore';
import { requestRefusal, rowFor, type AnyLifecycle } from '@/machines/lifecycle/table';

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

/**
 * What a form answers beside itself when it is sent, as the action flow's `validating` asks it
 * (src/ui/chart-actions.tsx): its own check, then the chart, asked what the form gave as the server
 * will ask it (the row's request parsed with its schemas, the row's `eventOf`, the guard): the
 * form's message, the chart's refusal, or null when nothing refuses it (then it is sent).
 */
export function refusedInForm(
  lifecycle: AnyLifecycle,
  event: string,
  input: Record<string, unknown>,
  typed: Record<string, unknown>,
  subject: unknown = { accountId: 12 },
  permissions: readonly string[] = ALL_PERMISSIONS,
): string | null {
  const row = rowFor(lifecycle.rows, event)!;
  const snapshot = restoredChart(lifecycle.machine, { ...input, permissions });
  const context = snapshot.context;
  const checked = row.form!.validate({ ...row.form!.initial(context, subject), ...typed }, context, subject);
  if (!checked.ok) return checked.message;
  const request = wireRequestOf(row, subject, checked.payload, { accountId: 1, tenant: 'cubacel' });
  expect(request, `${event}: the form's payload is the row's request`).not.toBeNull();
  return requestRefusal(row, snapshot, request!);
}
