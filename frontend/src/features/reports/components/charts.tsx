// Charts of the report screens, drawn with Recharts (SVG; each chart's text stays selectable and readable by tests).
import { Bar, BarChart, CartesianGrid, Cell, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useTranslation } from 'react-i18next';

export interface Point {
  label: string;
  value: number;
}

interface ChartProps {
  title: string;
  points: Point[];
  format: (v: number) => string;
  testId: string;
  /** Counts of things (customers, sales): the value axis shows whole numbers only. */
  whole?: boolean;
}

/** Whole-number ticks from 0 to at least the largest value, at most five, evenly spaced (never '0.5 customers'). */
export function wholeTicks(values: readonly number[]): number[] {
  const max = Math.max(1, ...values.map((v) => Math.ceil(v)));
  const step = Math.max(1, Math.ceil(max / 4));
  const ticks: number[] = [];
  for (let v = 0; v < max + step; v += step) ticks.push(v);
  return ticks;
}

const PRIMARY = '#0f766e';

function wholeAxis(points: readonly Point[]) {
  const ticks = wholeTicks(points.map((p) => p.value));
  return { allowDecimals: false, ticks, domain: [0, ticks[ticks.length - 1]!] as [number, number] };
}
const NEGATIVE = '#dc2626';

/** Columns over time; right to left in Kurdish (the first day on the right). */
export function SeriesChart({ title, points, format, testId, axisLabel, whole }: ChartProps & { axisLabel: (label: string) => string }) {
  const { i18n } = useTranslation();
  const rtl = i18n.language === 'ku';
  return (
    <figure className="panel chart" data-testid={testId} aria-label={title}>
      <figcaption>{title}</figcaption>
      {/* Laid out left to right always (SVG text anchors would flip in a right-to-left page); Kurdish mirrors by axis. */}
      <div dir="ltr">
        <ResponsiveContainer width="100%" height={240}>
          <BarChart data={points} margin={{ top: 8, right: 12, bottom: 4, left: 12 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="label" reversed={rtl} tickFormatter={axisLabel} minTickGap={16} />
            <YAxis orientation={rtl ? 'right' : 'left'} tickFormatter={format} width={90} {...(whole ? wholeAxis(points) : {})} />
            <Tooltip formatter={(v) => format(Number(v))} labelFormatter={(l) => axisLabel(String(l))} />
            <Bar dataKey="value" name={title} isAnimationActive={false}>
              {points.map((p) => (
                <Cell key={p.label} fill={p.value < 0 ? NEGATIVE : PRIMARY} />
              ))}
            </Bar>
          </BarChart>
        </ResponsiveContainer>
      </div>
    </figure>
  );
}

/** Horizontal bars for a ranking or groups; the labels on the reader's starting side. */
export function RankChart({ title, points, format, testId, whole }: ChartProps) {
  const { i18n } = useTranslation();
  const rtl = i18n.language === 'ku';
  const height = Math.max(120, points.length * 32 + 40);
  return (
    <figure className="panel chart" data-testid={testId} aria-label={title}>
      <figcaption>{title}</figcaption>
      <div dir="ltr">
        <ResponsiveContainer width="100%" height={height}>
          <BarChart data={points} layout="vertical" margin={{ top: 4, right: 16, bottom: 4, left: 16 }}>
            <CartesianGrid strokeDasharray="3 3" horizontal={false} />
            <XAxis type="number" reversed={rtl} tickFormatter={format} {...(whole ? wholeAxis(points) : {})} />
            <YAxis type="category" dataKey="label" orientation={rtl ? 'right' : 'left'} width={140} tick={{ fontSize: 12 }} />
            <Tooltip formatter={(v) => format(Number(v))} />
            <Bar dataKey="value" name={title} fill={PRIMARY} isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </div>
    </figure>
  );
}
