import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { DepthHistory } from '@/api/contract/supervision';
import { formatCalendarDate } from '@/domain/time';
import { supervisionText as text } from '@/i18n/es-supervision';

/** One line per queue (colour and a dashed/dotted stroke, and the legend's names): loaded with recharts, apart from the page. */
const STROKES = { remittance: { color: '#1f5cc7', dash: undefined }, risk: { color: '#b91c1c', dash: '6 3' }, approval: { color: '#047857', dash: '2 3' } } as const;

export function DepthChart({ history }: { history: DepthHistory }) {
  const data = history.days.map((day, i) => ({ name: formatCalendarDate(day).slice(0, 5), ...Object.fromEntries(history.series.map((s) => [s.queue, s.depths[i]])) }));
  // What the picture shows, in words, for whoever cannot see it.
  const words = history.series.map((s) => `${text.queues[s.queue]}: ${s.depths.map((d, i) => `${formatCalendarDate(history.days[i]!).slice(0, 5)} ${d ?? text.noSample}`).join(', ')}`).join('; ');
  return (
    <div className="h-64" role="img" aria-label={`${text.historyLabel(history.days.length)}. ${words}`}>
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={data} margin={{ top: 8, right: 8, bottom: 8, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="name" tick={{ fontSize: 11 }} />
          <YAxis tick={{ fontSize: 11 }} allowDecimals={false} />
          <Tooltip />
          <Legend />
          {history.series.map((s) => (
            <Line key={s.queue} type="monotone" dataKey={s.queue} name={text.queues[s.queue]} stroke={STROKES[s.queue].color} strokeDasharray={STROKES[s.queue].dash} strokeWidth={2} connectNulls={false} isAnimationActive={false} />
          ))}
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}
