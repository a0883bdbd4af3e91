import { useId, useState } from 'react';
import { Footprints, Timer } from 'lucide-react';
import type { MyCycleView } from '@shared/api-types';
import { formatMonthDay, formatNumber } from '@shared/format';
import { Card, CardTitle } from '@client/components/ui/card';
import { cn } from '@client/lib/cn';
import { msg } from '@shared/messages';

type Series = 'minutes' | 'steps';
type CycleDay = MyCycleView['days'][number] & { day: number };

// Labels are getters: the catalogue is read in the locale of the render, not when the module loads.
const SERIES = {
  minutes: {
    get label() {
      return msg.activityChart.minutes;
    },
    icon: Timer,
    pick: (d: CycleDay) => d.movedMinutes,
  },
  steps: {
    get label() {
      return msg.common.steps;
    },
    icon: Footprints,
    pick: (d: CycleDay) => d.steps,
  },
} as const;

const BAR_SLOT = 10;
const HEIGHT = 100;

const NICE_STEPS = [1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10];

/** The smallest round number (1, 1.2, 1.5, 2, 2.5 … 8 x 10^n) at or above `value`, for the scale. */
export function niceCeiling(value: number): number {
  if (value <= 0) return 0;
  const power = 10 ** Math.floor(Math.log10(value));
  const step = NICE_STEPS.find((s) => s * power >= value) ?? 10;
  return step * power;
}

/**
 * Minutes or steps for every day of the cycle as bars. Hand-drawn SVG stretched to the card's width;
 * labels stay in HTML so they never stretch. Screen readers get a title, a summary and a table.
 */
export function ActivityChart({
  days: dates,
  currentDay,
}: {
  days: MyCycleView['days'];
  currentDay: number;
}) {
  // One bar per day of the cycle: paused dates are none (decision 0099).
  const days = dates.filter((d): d is CycleDay => d.day !== null);
  const id = useId();
  const [series, setSeries] = useState<Series>('minutes');
  const { pick } = SERIES[series];
  const sofar = days.filter((d) => d.day <= currentDay);
  const best = sofar.reduce<CycleDay | null>(
    (top, d) => (!top || pick(d) > pick(top) ? d : top),
    null,
  );
  const scale = niceCeiling(best ? pick(best) : 0) || (series === 'minutes' ? 60 : 10_000);
  const dayLabels = [1, 30, 60, days.length].filter((d, i, all) => all.indexOf(d) === i);

  return (
    <Card className="flex flex-col gap-4 p-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <CardTitle id={`${id}-heading`}>{msg.activityChart.dailyActivity}</CardTitle>
        <SeriesToggle series={series} onChange={setSeries} />
      </div>

      <div className="flex gap-2">
        <div
          aria-hidden
          className="tabular flex h-44 w-12 shrink-0 flex-col justify-between text-right text-xs text-muted-foreground"
        >
          <span className="-translate-y-1/2">{formatNumber(scale)}</span>
          <span>{formatNumber(scale / 2)}</span>
          <span className="translate-y-1/2">0</span>
        </div>
        <div className="min-w-0 flex-1">
          <ActivityBars
            id={id}
            days={days}
            currentDay={currentDay}
            series={series}
            sofar={sofar}
            best={best}
            scale={scale}
          />
          <div aria-hidden className="relative mt-1 h-4 text-xs text-muted-foreground">
            {dayLabels.map((day) => (
              <span
                key={day}
                className="tabular absolute -translate-x-1/2 whitespace-nowrap first:translate-x-0 last:-translate-x-full"
                style={{ left: `${day === 1 ? 0 : (day / days.length) * 100}%` }}
              >
                {msg.dayN(day)}
              </span>
            ))}
          </div>
        </div>
      </div>

      <ActivityTable sofar={sofar} />
    </Card>
  );
}

/** Minutes or steps: which series the bars show. */
function SeriesToggle({
  series,
  onChange,
}: {
  series: Series;
  onChange: (series: Series) => void;
}) {
  return (
    <div
      role="group"
      aria-label={msg.activityChart.show}
      className="inline-flex rounded-lg bg-muted p-1"
    >
      {(Object.keys(SERIES) as Series[]).map((key) => {
        const Icon = SERIES[key].icon;
        return (
          <button
            key={key}
            type="button"
            aria-pressed={series === key}
            onClick={() => onChange(key)}
            className={cn(
              'inline-flex min-h-11 items-center gap-1.5 rounded-md px-3 text-sm font-semibold text-muted-foreground transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
              series === key && 'bg-background text-foreground shadow-sm',
            )}
          >
            <Icon aria-hidden className="size-4" />
            {SERIES[key].label}
          </button>
        );
      })}
    </div>
  );
}

/** The bars themselves: one per cycle day on a grid, with a title and a summary for screen readers. */
function ActivityBars({
  id,
  days,
  currentDay,
  series,
  sofar,
  best,
  scale,
}: {
  id: string;
  days: CycleDay[];
  currentDay: number;
  series: Series;
  /** The days up to today. */
  sofar: CycleDay[];
  best: CycleDay | null;
  scale: number;
}) {
  const { pick } = SERIES[series];
  const amount = (value: number) => msg.activityChart.amount(series, value);
  const total = sofar.reduce((sum, d) => sum + pick(d), 0);
  const width = days.length * BAR_SLOT;
  return (
    <svg
      role="img"
      aria-labelledby={`${id}-title ${id}-desc`}
      viewBox={`0 0 ${width} ${HEIGHT}`}
      preserveAspectRatio="none"
      className="block h-44 w-full overflow-visible"
    >
      <title id={`${id}-title`}>{msg.activityChart.perDay(series)}</title>
      <desc id={`${id}-desc`}>
        {best && pick(best) > 0
          ? msg.activityChart.summary(amount(total), sofar.length, amount(pick(best)), best.day)
          : msg.activityChart.noneLogged(series)}
      </desc>
      {[0, 0.5, 1].map((f) => (
        <line
          key={f}
          x1={0}
          x2={width}
          y1={HEIGHT * f}
          y2={HEIGHT * f}
          vectorEffect="non-scaling-stroke"
          className="stroke-border"
          strokeWidth={1}
          strokeDasharray={f === 1 ? undefined : '3 3'}
        />
      ))}
      {days.map((d, i) => {
        const value = pick(d);
        const h =
          d.status === 'upcoming' ? 0 : Math.max(value > 0 ? 1.5 : 0, (value / scale) * HEIGHT);
        return (
          <rect
            key={d.day}
            x={i * BAR_SLOT + 1.5}
            width={BAR_SLOT - 3}
            y={HEIGHT - h}
            height={h}
            rx={1}
            className={cn(
              d.status === 'today' || d.day === currentDay
                ? 'fill-lime-500 dark:fill-lime-300'
                : 'fill-lime-700 dark:fill-lime-400',
            )}
          >
            <title>{msg.activityChart.barTitle(d.day, amount(value))}</title>
          </rect>
        );
      })}
    </svg>
  );
}

/** Every day so far as a table, for screen readers. */
function ActivityTable({ sofar }: { sofar: CycleDay[] }) {
  return (
    <table className="sr-only">
      <caption>{msg.activityChart.minutesAndStepsPerDay}</caption>
      <thead>
        <tr>
          <th scope="col">{msg.common.day}</th>
          <th scope="col">{msg.activityChart.date}</th>
          <th scope="col">{msg.activityChart.minutes}</th>
          <th scope="col">{msg.common.steps}</th>
        </tr>
      </thead>
      <tbody>
        {sofar.map((d) => (
          <tr key={d.day}>
            <th scope="row">{d.day}</th>
            <td>{formatMonthDay(d.date)}</td>
            <td>
              {d.status === 'done'
                ? formatNumber(d.movedMinutes)
                : msg.activityChart.status[d.status]}
            </td>
            <td>
              {d.status === 'done' ? formatNumber(d.steps) : msg.activityChart.status[d.status]}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
