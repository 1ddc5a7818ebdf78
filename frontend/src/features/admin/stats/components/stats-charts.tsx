import { Card } from '@blueprintjs/core';
import type { DailyFigureDto } from '@contracts/admin-stats';
import { Bar, BarChart, CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

type Series = { key: keyof Omit<DailyFigureDto, 'date'>; title: string; kind: 'line' | 'bar'; format: (value: number) => string };

const whole = (value: number) => value.toLocaleString('en-US');
export const money = (value: number) => `$${value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
/** AI cost in USD: cents are too coarse below a dollar (a few calls cost fractions of a cent). */
export const cost = (value: number) =>
  value > 0 && value < 1 ? `$${value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 4 })}` : money(value);

const series: Series[] = [
  { key: 'signups', title: 'Signups', kind: 'bar', format: whole },
  { key: 'revenue', title: 'Revenue', kind: 'line', format: money },
  { key: 'aiCalls', title: 'AI calls', kind: 'bar', format: whole },
  { key: 'tokens', title: 'Tokens', kind: 'line', format: whole },
];

/** "25 Nov" from "2026-11-25". */
const dayLabel = (date: string) => {
  const day = new Date(`${date}T00:00:00Z`);
  return Number.isNaN(day.getTime()) ? date : day.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
};

function DailyChart({ daily, spec }: { daily: DailyFigureDto[]; spec: Series }) {
  const color = 'var(--chart-color, #2d72d2)';
  const axes = (
    <>
      <CartesianGrid strokeDasharray="3 3" vertical={false} />
      <XAxis dataKey="date" tickFormatter={dayLabel} minTickGap={16} fontSize={11} />
      <YAxis width={48} fontSize={11} allowDecimals={spec.key === 'revenue'} />
      <Tooltip labelFormatter={(label) => dayLabel(String(label))} formatter={(value) => [spec.format(Number(value)), spec.title]} />
    </>
  );
  return (
    <Card className="stats-chart" elevation={1}>
      <h4>{spec.title}</h4>
      <div className="stats-chart-area" role="img" aria-label={`${spec.title}, last 30 days: ${spec.format(daily.reduce((sum, day) => sum + day[spec.key], 0))} in all`}>
        <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 320, height: 200 }}>
          {spec.kind === 'bar' ? (
            <BarChart data={daily}>
              {axes}
              <Bar dataKey={spec.key} fill={color} isAnimationActive={false} />
            </BarChart>
          ) : (
            <LineChart data={daily}>
              {axes}
              <Line dataKey={spec.key} stroke={color} dot={false} strokeWidth={2} isAnimationActive={false} />
            </LineChart>
          )}
        </ResponsiveContainer>
      </div>
    </Card>
  );
}

/** Back-office §2 Dashboard tab: signups, revenue, AI calls and tokens over the last 30 UTC days. */
export function StatsCharts({ daily }: { daily: DailyFigureDto[] }) {
  return (
    <section className="stats-charts" aria-label="Last 30 days">
      {series.map((spec) => (
        <DailyChart key={spec.key} daily={daily} spec={spec} />
      ))}
    </section>
  );
}
