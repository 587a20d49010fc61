import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatMoney } from '../../lib/format';
import { euroTick } from './chartFormat';

/** Charts of the reporting screen: loaded on demand with Recharts (not in the initial bundle). */
export interface ChartSeries {
  key: string;
  label: string;
  color: string;
}

export default function ReportChart({
  data,
  category,
  series,
  title,
  horizontal = false,
}: {
  data: Record<string, unknown>[];
  category: string;
  series: ChartSeries[];
  title: string;
  horizontal?: boolean;
}) {
  const rows = data.map((d) => ({
    ...d,
    ...Object.fromEntries(series.map((s) => [s.key, Number((d[s.key] as string | number | null) ?? 0)])),
  }));
  return (
    <figure style={{ margin: 0 }} aria-label={title}>
      <ResponsiveContainer width="100%" height={horizontal ? Math.max(220, rows.length * 28) : 260}>
        <BarChart data={rows} layout={horizontal ? 'vertical' : 'horizontal'} margin={{ left: 8, right: 16 }}>
          <CartesianGrid strokeDasharray="3 3" />
          {horizontal ? (
            <>
              <XAxis type="number" tickFormatter={euroTick} />
              {/* every bar keeps its name: recharts drops every other label when they crowd */}
              <YAxis type="category" dataKey={category} width={170} interval={0} tick={{ fontSize: 12 }} />
            </>
          ) : (
            <>
              <XAxis dataKey={category} />
              <YAxis tickFormatter={euroTick} width={88} />
            </>
          )}
          <Tooltip formatter={(v) => formatMoney(Number(v).toFixed(2))} />
          {series.length > 1 ? <Legend /> : null}
          {series.map((s) => (
            <Bar
              key={s.key}
              dataKey={s.key}
              name={s.label}
              fill={s.color}
              stackId={horizontal ? undefined : 'a'}
            />
          ))}
        </BarChart>
      </ResponsiveContainer>
      <figcaption style={{ fontSize: 12, color: '#555' }}>{title}</figcaption>
    </figure>
  );
}
