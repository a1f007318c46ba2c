import type { SegmentEvent } from '@/api/contract/customer-detail';
import { getSegmentEvents, getSegmentTraits } from '@/api/customer';
import { formatDateTime, DATE_TIME_SECONDS_FORMAT } from '@/domain/time';
import { Button } from '@/ui/button';
import { DetailTabView, useDetailTab } from '@/ui/detail-tab';
import type { DetailTabRead } from '@/machines/ui/detail-tab.machine';
import { KeyValues, SimpleTable, type TableColumn } from '@/ui/detail-table';
import { useServices } from '@/ui/session';
import { Msg } from '@/domain/messages';
import { customerText } from '@/i18n/es-customer';
import { yesNo } from '@/i18n';

const text = customerText.segment;
type SegmentEvents = { elements: SegmentEvent[]; next: string | null };
const START: SegmentEvents = { elements: [], next: null };
const show = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

const EVENT_COLUMNS: TableColumn<SegmentEvent>[] = [
  { header: text.date, cell: (e) => formatDateTime(e.timestamp, DATE_TIME_SECONDS_FORMAT), className: 'whitespace-nowrap' },
  { header: text.event, cell: (e) => e.event },
  { header: text.ip, cell: (e) => e.context.ip ?? '' },
  { header: text.timezone, cell: (e) => e.context.timezone ?? '' },
  { header: text.app, cell: (e) => e.context.app?.version ?? '' },
  { header: text.device, cell: (e) => <span className="font-mono text-xs">{e.context.device?.id ?? ''}</span> },
  { header: text.tracking, cell: (e) => yesNo(e.context.device?.adTrackingEnabled) },
  { header: text.properties, cell: (e) => <span className="font-mono text-xs">{JSON.stringify(e.properties)}</span> },
];

/**
 * Segment's two sections: the traits, and the events 100 at a time with "Cargar más" following the
 * cursor. Each reloads from the start on every selection (spec details §2).
 */
export function useSegment(accountId: number) {
  const services = useServices();
  const traits = useDetailTab(() => getSegmentTraits(services.users, accountId), { reloadOnSelect: true });
  // The events' query is what is shown so far, to be continued (null: from the start).
  const events = useDetailTab(async ({ query }: DetailTabRead<SegmentEvents | null>): Promise<SegmentEvents> => {
    const from = query ?? START;
    const page = await getSegmentEvents(services.users, accountId, from.next);
    return { elements: [...from.elements, ...page.elements], next: page.next };
  });
  return {
    traits,
    // Every selection reads from the start.
    events: { ...events, select: () => events.filter(null) },
    loadMore: () => events.filter(events.data),
  };
}

export function TraitsView({ accountId, segment }: { accountId: number; segment: ReturnType<typeof useSegment> }) {
  return (
    <DetailTabView tab={segment.traits}>
      {(traits) =>
        Object.keys(traits).length === 0 ? (
          <p className="text-sm text-slate-600">{text.noTraits}</p>
        ) : (
          <section aria-label={text.traitsLabel(accountId)}>
            <KeyValues items={Object.entries(traits).map(([label, value]) => ({ label, value: show(value) }))} />
          </section>
        )
      }
    </DetailTabView>
  );
}

export function EventsView({ accountId, segment }: { accountId: number; segment: ReturnType<typeof useSegment> }) {
  return (
    <DetailTabView tab={segment.events}>
      {({ elements, next }) => (
        <div className="space-y-2">
          <SimpleTable label={text.eventsLabel(accountId)} rows={elements} columns={EVENT_COLUMNS} rowKey={(e) => e.id} empty={Msg.emptyResult} />
          <div className="flex items-center gap-3 text-xs text-slate-600">
            <span>{text.shown(elements.length)}</span>
            {next ? (
              <Button variant="secondary" onClick={segment.loadMore}>
                {text.more}
              </Button>
            ) : null}
          </div>
        </div>
      )}
    </DetailTabView>
  );
}
