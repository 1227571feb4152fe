import { useId } from 'react';
import { useIntl } from 'react-intl';
import styles from '../staff.module.css';

export interface ChartPoint {
  day: string;
  value: number;
}

const W = 600;
const H = 160;
const PAD = { top: 10, right: 8, bottom: 20, left: 8 };

/**
 * A chart by day, drawn by hand in SVG (no chart library): bars, or a line with dots. It is an
 * image with a <title> for screen readers, and its figures stand in a visually hidden table.
 */
export function DayChart({
  title,
  points,
  format,
  kind = 'bars',
  testId,
}: {
  title: string;
  points: ChartPoint[];
  format: (value: number) => string;
  kind?: 'bars' | 'line';
  testId?: string;
}) {
  const intl = useIntl();
  const titleId = useId();
  const max = Math.max(1, ...points.map((point) => point.value));
  const innerW = W - PAD.left - PAD.right;
  const innerH = H - PAD.top - PAD.bottom;
  const step = innerW / Math.max(1, points.length);
  const y = (value: number) => PAD.top + innerH - (value / max) * innerH;
  const x = (index: number) => PAD.left + step * index + step / 2;
  const total = points.reduce((sum, point) => sum + point.value, 0);
  const label = (day: string) => day.slice(5).replace('-', '.');
  return (
    <figure className={styles.chart} data-testid={testId}>
      <figcaption className={styles.chartTitle}>
        <span>{title}</span>
        <span className={styles.chartTotal}>
          {intl.formatMessage({ id: 'staff.dashboard.total' }, { total: format(total) })}
        </span>
      </figcaption>
      <svg
        viewBox={`0 0 ${W} ${H}`}
        role="img"
        aria-labelledby={titleId}
        className={styles.chartSvg}
        preserveAspectRatio="none"
      >
        <title id={titleId}>
          {intl.formatMessage(
            { id: 'staff.dashboard.chartTitle' },
            { title, total: format(total), max: format(max === 1 && total === 0 ? 0 : max) },
          )}
        </title>
        <line
          x1={PAD.left}
          x2={W - PAD.right}
          y1={PAD.top + innerH}
          y2={PAD.top + innerH}
          className={styles.chartAxis}
        />
        {kind === 'bars' &&
          points.map((point, index) => {
            const height = (point.value / max) * innerH;
            return (
              <rect
                key={point.day}
                x={PAD.left + step * index + step * 0.15}
                y={PAD.top + innerH - height}
                width={step * 0.7}
                height={height}
                className={styles.chartBar}
                data-value={point.value}
              >
                <title>{`${point.day}: ${format(point.value)}`}</title>
              </rect>
            );
          })}
        {kind === 'line' && points.length > 0 && (
          <>
            <polyline
              className={styles.chartLine}
              fill="none"
              points={points.map((point, index) => `${x(index)},${y(point.value)}`).join(' ')}
            />
            {points.map((point, index) => (
              <circle
                key={point.day}
                cx={x(index)}
                cy={y(point.value)}
                r={3}
                className={styles.chartDot}
                data-value={point.value}
              >
                <title>{`${point.day}: ${format(point.value)}`}</title>
              </circle>
            ))}
          </>
        )}
        {points.map((point, index) =>
          index % 5 === 0 || index === points.length - 1 ? (
            <text
              key={point.day}
              x={x(index)}
              y={H - 4}
              textAnchor="middle"
              className={styles.chartLabel}
            >
              {label(point.day)}
            </text>
          ) : null,
        )}
      </svg>
      <table className="visually-hidden">
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">{intl.formatMessage({ id: 'staff.dashboard.day' })}</th>
            <th scope="col">{title}</th>
          </tr>
        </thead>
        <tbody>
          {points.map((point) => (
            <tr key={point.day}>
              <th scope="row">{point.day}</th>
              <td>{format(point.value)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
