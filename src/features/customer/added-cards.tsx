import { useState } from 'react';
import type { AddCardAttempt } from '@/api/contract/customer-detail';
import { getAddCardAttempts } from '@/api/customer';
import { mayView } from '@/domain/customer-views';
import { formatDateTime } from '@/domain/time';
import { cardCaption } from '@/domain/format';
import { Msg } from '@/domain/messages';
import { Button } from '@/ui/button';
import { DetailTabView, useDetailTab } from '@/ui/detail-tab';
import { SimpleTable, type TableColumn } from '@/ui/detail-table';
import { Dialog } from '@/ui/dialog';
import { useActorPermissions, useServices } from '@/ui/session';
import { customerText } from '@/i18n/es-customer';
import { yesNo } from '@/i18n';
import { CARD_DECLINES_LIMIT } from '@/domain/cards';
import { addedCards } from '@/machines/customer/added-cards.machine';
import { ChartActions, snapshotPart } from '@/ui/chart-actions';

const text = customerText.addedCards;
const COLUMNS: TableColumn<AddCardAttempt>[] = [
  { header: text.card, cell: (a) => <span className="font-mono text-xs">{cardCaption(a.firstSixLastFour.slice(0, 6), a.firstSixLastFour.slice(6))}</span> },
  { header: text.message, cell: (a) => a.message ?? '' },
  { header: text.added, cell: (a) => yesNo(a.wasAdded) },
  { header: text.date, cell: (a) => formatDateTime(a.created), className: 'whitespace-nowrap' },
  { header: text.cleared, cell: (a) => formatDateTime(a.cleared), className: 'whitespace-nowrap' },
];

/** The Logs tab's popup of the customer's attempts to add a card, for whom the view table lets read them (agents); read each time it opens. */
export function AddedCardAttempts({ accountId }: { accountId: number }) {
  const services = useServices();
  const agent = mayView('addedCardAttempts', useActorPermissions());
  const [open, setOpen] = useState(false);
  const attempts = useDetailTab(() => getAddCardAttempts(services.customer, accountId), { reloadOnSelect: true });
  if (!agent) return null;
  return (
    <>
      <Button
        variant="secondary"
        onClick={() => {
          setOpen(true);
          attempts.select();
        }}
      >
        {text.open}
      </Button>
      <Dialog open={open} title={text.title(accountId)} onClose={() => setOpen(false)} footer={<Button onClick={() => setOpen(false)}>{text.close}</Button>}>
        <DetailTabView tab={attempts}>
          {(data) => (
            <div className="space-y-3">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className={data.limited ? 'text-sm font-semibold text-red-700' : 'text-sm text-slate-700'}>{data.limited ? text.limited(data.failed, CARD_DECLINES_LIMIT) : text.failed(data.failed, CARD_DECLINES_LIMIT)}</p>
                <ChartActions
                  label={text.reset}
                  parts={[snapshotPart(data.charts, { lifecycle: addedCards, subject: { accountId } })]}
                  onDone={() => attempts.select()}
                />
              </div>
              <SimpleTable label={text.title(accountId)} rows={data.elements} columns={COLUMNS} rowKey={(a) => a.id} empty={Msg.emptyResult} />
            </div>
          )}
        </DetailTabView>
      </Dialog>
    </>
  );
}
