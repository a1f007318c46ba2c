import type { PrepaidCard } from '@/api/contract/prepaid-gift';
import { prepaidCard } from '@/machines/items/prepaid-card.machine';
import { ChartActions, snapshotPart } from '@/ui/chart-actions';
import { pickupPrepaidText } from '@/i18n/es-pickup-prepaid';
import { itemSubject, type ItemPanelProps } from './item-types';

export interface PrepaidActionsProps extends ItemPanelProps {
  /** The card's destination; null when it has none to edit. */
  card: PrepaidCard | null;
}

/**
 * A prepaid card's actions, as its table offers them: approve, and edit the destination until the
 * card has a courier (its form: src/machines/items/prepaid-card.form.ts, opened with the card shown).
 */
export function PrepaidActions(props: PrepaidActionsProps) {
  const { item, card, onChanged } = props;
  return (
    <ChartActions
      label={pickupPrepaidText.group(item.id)}
      parts={[snapshotPart(item.charts, { lifecycle: prepaidCard, subject: itemSubject(props), shown: { card } })]}
      onDone={onChanged}
    />
  );
}
