import './ai-config-outcomes.css';
import { AnchorButton, Card, HTMLTable, NonIdealState, Spinner } from '@blueprintjs/core';
import type { AiConfigOutcomeRow, AiConfigOutcomeWeek } from '@contracts/ai-config';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { LoadFailure } from '../../../../components/ui/load-failure';
import { AI_CONFIG_OUTCOMES_CSV_PATH, useAiConfigOutcomes } from '../api/get-ai-config-outcomes';

const percent = (value: number | null) => (value === null ? '–' : `${(value * 100).toLocaleString('en-US', { maximumFractionDigits: 1 })}%`);
const perPlan = (value: number | null) => (value === null ? '–' : value.toLocaleString('en-US', { maximumFractionDigits: 2 }));
const usd = (value: number | null) =>
  value === null ? '–' : `$${value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: value > 0 && value < 1 ? 4 : 2 })}`;
const versionName = (version: number) => (version === 0 ? 'Defaults' : `v${version}`);
/** "1 plan", "3 plans". */
const counted = (count: number, one: string) => `${count} ${count === 1 ? one : `${one}s`}`;

/** Each figure with the sample it is taken over ("of 6 ideas"). */
const figures: { label: string; value: (row: AiConfigOutcomeRow) => string; sample: (row: AiConfigOutcomeRow) => string }[] = [
  { label: 'Idea sets generated', value: (row) => String(row.ideaSets), sample: (row) => counted(row.ideas, 'idea') },
  { label: 'Ideas turned into plans', value: (row) => percent(row.planShare), sample: (row) => `${row.ideasPlanned} of ${counted(row.ideas, 'idea')}` },
  { label: 'Milestones completed per plan', value: (row) => perPlan(row.milestonesCompletedPerPlan), sample: (row) => counted(row.plans, 'plan') },
  { label: 'Tasks completed within 30 days, per plan', value: (row) => perPlan(row.tasksCompletedWithin30DaysPerPlan), sample: (row) => counted(row.plans, 'plan') },
  { label: 'Help requests per plan', value: (row) => perPlan(row.helpRequestsPerPlan), sample: (row) => counted(row.plans, 'plan') },
  { label: 'Became Pro within 30 days', value: (row) => percent(row.proShare), sample: (row) => `${row.becamePro} of ${counted(row.members, 'member')}` },
  { label: 'AI cost per idea set', value: (row) => usd(row.aiCostPerIdeaSetUsd), sample: (row) => `${usd(row.aiCostUsd)} in all` },
];

const palette = ['#2d72d2', '#238551', '#c87619', '#cd4246', '#7961db', '#00a396'];

/** One line per version: the share of its ideas turned into plans, week by week. */
function PlanShareChart({ weeks, versions }: { weeks: AiConfigOutcomeWeek[]; versions: number[] }) {
  const byWeek = new Map<string, Record<string, number | string | null>>();
  for (const week of weeks) {
    const point = byWeek.get(week.week) ?? { week: week.week };
    point[versionName(week.version)] = week.planShare === null ? null : Math.round(week.planShare * 1000) / 10;
    byWeek.set(week.week, point);
  }
  const data = [...byWeek.values()].sort((a, b) => String(a.week).localeCompare(String(b.week)));
  return (
    <div className="ai-outcomes-chart" role="img" aria-label="Ideas turned into plans, week by week, per version">
      <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 480, height: 220 }}>
        <LineChart data={data}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="week" fontSize={11} />
          <YAxis width={40} fontSize={11} unit="%" domain={[0, 100]} />
          <Tooltip formatter={(value, name) => [`${String(value)}%`, String(name)]} labelFormatter={(label) => `Week of ${String(label)}`} />
          <Legend />
          {versions.map((version, i) => (
            <Line
              key={version}
              dataKey={versionName(version)}
              stroke={palette[i % palette.length]}
              strokeWidth={2}
              connectNulls
              isAnimationActive={false}
            />
          ))}
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}

/**
 * Outcomes per AI configuration version (issue 53), beside the version history: each version that
 * made something, side by side, every figure with the size of its sample, a chart of the share of
 * ideas turned into plans week by week, and the CSV. Counted from every event since the first.
 */
export function AiConfigOutcomes() {
  const outcomes = useAiConfigOutcomes();
  return (
    <Card className="ai-card ai-outcomes" aria-labelledby="ai-outcomes-title" role="region">
      <div className="ai-outcomes-head">
        <h3 id="ai-outcomes-title">Outcomes by version</h3>
        <AnchorButton icon="download" text="Download CSV" href={AI_CONFIG_OUTCOMES_CSV_PATH} download />
      </div>
      {outcomes.isPending ? (
        <Spinner size={24} />
      ) : outcomes.isError ? (
        <LoadFailure title="Could not load the outcomes" query={outcomes} primary={false} />
      ) : (
        <OutcomesBody rows={outcomes.data.versions.filter((row) => row.ideaSets > 0)} weeks={outcomes.data.weeks} />
      )}
    </Card>
  );
}

function OutcomesBody({ rows, weeks }: { rows: AiConfigOutcomeRow[]; weeks: AiConfigOutcomeWeek[] }) {
  if (rows.length === 0) {
    return <NonIdealState icon="timeline-line-chart" title="No outcomes yet" description="Figures appear once members generate ideas." />;
  }
  return (
    <>
      <div className="ai-outcomes-table-wrap">
        <HTMLTable compact striped className="ai-outcomes-table" data-testid="ai-outcomes-table">
          <thead>
            <tr>
              <th scope="col">Figure</th>
              {rows.map((row) => (
                <th key={row.version} scope="col">
                  {versionName(row.version)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {figures.map((figure) => (
              <tr key={figure.label}>
                <th scope="row">{figure.label}</th>
                {rows.map((row) => (
                  <td key={row.version} data-version={row.version}>
                    <span className="ai-outcomes-value">{figure.value(row)}</span>
                    <span className="ai-outcomes-sample muted">{figure.sample(row)}</span>
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </div>
      <PlanShareChart weeks={weeks} versions={rows.map((row) => row.version)} />
    </>
  );
}
