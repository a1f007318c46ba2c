import { QUEUE_SORTS, type QueueSort } from '@/api/contract/queues';
import { waitedFor } from '@/domain/queues';
import { SLA_TONE, SlaText, type SlaState } from '@/domain/sla';
import { SelectField } from '@/ui/fields';
import { TONE_CLASS } from '@/ui/tone';
import { queueText } from '@/i18n/es-queues';

/**
 * The queues' service levels and age order (issue 28 §2): an entry's wait, marked in words and
 * colour when it is due or over its queue's level (the server's SLA chart placed it), and the
 * control that walks a queue oldest or newest first (kept in the URL like the other filters).
 */

/** "3 h", or "3 h · Fuera de plazo" in the state's tone: the words are there, not only the colour. */
export function SlaAge({ ageMinutes, sla }: { ageMinutes: number; sla: SlaState }) {
  if (sla === 'within') return <span>{waitedFor(ageMinutes)}</span>;
  return <span className={TONE_CLASS[SLA_TONE[sla]]}>{`${waitedFor(ageMinutes)} · ${SlaText[sla]}`}</span>;
}

export function SortField({ value, onChange }: { value: QueueSort | undefined; onChange: (sort: QueueSort | undefined) => void }) {
  return (
    <SelectField
      id="queue-sort"
      label={queueText.filters.sort}
      value={value ?? 'oldest'}
      onChange={(e) => onChange(e.target.value === 'newest' ? 'newest' : undefined)}
      options={QUEUE_SORTS.map((s) => ({ value: s, label: queueText.filters.sorts[s] }))}
    />
  );
}
