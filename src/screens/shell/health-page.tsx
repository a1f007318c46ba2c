import { t } from '@/i18n/index';

export function HealthPage() {
  return <pre className="p-4">{t.health}</pre>;
}
