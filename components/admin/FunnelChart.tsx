import { useId } from 'react';
import type { FunnelLine } from '@/lib/reports/funnelReport';
import { formatCount } from './reportFormat';
import styles from './FunnelChart.module.css';

interface FunnelChartProps {
  /** Names the chart for screen readers: "Funnel of Vogue · /vogue/demo-single". */
  title: string;
  line: FunnelLine;
}

const WIDTH = 640;
const HEIGHT = 260;
const TOP = 30;
const BOTTOM = 50;
const SIDE = 16;
const PLOT_HEIGHT = HEIGHT - TOP - BOTTOM;

/** What the chart shows, said in words: the accessible description and the data table agree. */
export function funnelSummary(line: FunnelLine): string {
  const steps = line.steps.map((step) => {
    const figure = `${step.label} ${formatCount(step.visitors)}`;
    if (!step.fromPrevious) return figure;
    return step.fromPrevious.ratio === null
      ? `${figure} (nobody at the step before)`
      : `${figure} (${step.fromPrevious.label} of the step before)`;
  });
  return `Visitors per step: ${steps.join(', ')}. Overall conversion ${line.overall.label}.`;
}

/**
 * A bar per step, drawn on the server as inline SVG: no chart library, nothing to load,
 * readable without JavaScript. The bars scale to the busiest step; the labels carry the
 * numbers, so the chart needs no axis.
 */
export function FunnelChart({ title, line }: FunnelChartProps) {
  const titleId = useId();
  const descriptionId = useId();
  const busiest = Math.max(1, ...line.steps.map((step) => step.visitors));
  const slot = (WIDTH - 2 * SIDE) / Math.max(1, line.steps.length);
  const barWidth = slot * 0.56;
  return (
    <svg
      className={styles.chart}
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      preserveAspectRatio="xMidYMid meet"
    >
      <title id={titleId}>{title}</title>
      <desc id={descriptionId}>{funnelSummary(line)}</desc>
      <line className={styles.baseline} x1={SIDE} x2={WIDTH - SIDE} y1={TOP + PLOT_HEIGHT} y2={TOP + PLOT_HEIGHT} />
      {line.steps.map((step, index) => {
        // A step with visitors keeps a sliver of a bar, so that "few" never looks like "none".
        const height = step.visitors === 0 ? 0 : Math.max(2, (step.visitors / busiest) * PLOT_HEIGHT);
        const centre = SIDE + slot * index + slot / 2;
        const top = TOP + PLOT_HEIGHT - height;
        const last = index === line.steps.length - 1;
        return (
          <g key={step.stepId} data-step={step.stepId}>
            <rect className={last ? styles.goal : styles.bar} x={centre - barWidth / 2} y={top} width={barWidth} height={height} rx={3} />
            <text className={styles.value} x={centre} y={top - 8} textAnchor="middle">
              {formatCount(step.visitors)}
            </text>
            <text className={styles.step} x={centre} y={TOP + PLOT_HEIGHT + 20} textAnchor="middle">
              {step.label}
            </text>
            {step.fromPrevious && (
              <text className={styles.rate} x={centre} y={TOP + PLOT_HEIGHT + 40} textAnchor="middle">
                {step.fromPrevious.ratio === null ? step.fromPrevious.label : `${step.fromPrevious.label} of previous`}
              </text>
            )}
          </g>
        );
      })}
    </svg>
  );
}
