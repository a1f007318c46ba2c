import { useMatches } from '@tanstack/react-router';
import { PageHeader, Card } from '@/ui/card';
import { t } from '@/i18n/index';

/** A route whose screen arrives with a later issue says so plainly. */
export function PlaceholderPage() {
  const matches = useMatches();
  const title = [...matches].reverse().find((m) => m.staticData.title)?.staticData.title ?? '';
  return (
    <div>
      <PageHeader title={title} />
      <Card title={t.app.placeholderTitle}>
        <p className="text-sm text-slate-600">{t.app.placeholder}</p>
      </Card>
    </div>
  );
}
