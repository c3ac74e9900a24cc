/**
 * Thirty days of page views as a small inline SVG bar chart: no chart library
 * in the studio's bundle. The picture is hidden from screen readers; a text
 * summary and a table (visually hidden) say the same.
 */
import type { DailyViews } from '../../../common/api/dashboard.ts';

const WIDTH = 300;
const HEIGHT = 80;

const dayLabel = (day: string) => new Date(`${day}T00:00:00Z`).toLocaleDateString(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' });

export function ViewsChart({ days }: { days: readonly DailyViews[] }) {
  const most = Math.max(1, ...days.map((entry) => entry.views));
  const slot = WIDTH / Math.max(1, days.length);
  const busiest = days.reduce<DailyViews | undefined>((best, entry) => (entry.views > (best?.views ?? 0) ? entry : best), undefined);
  return (
    <figure className="views-chart">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} preserveAspectRatio="none" className="views-chart__svg" aria-hidden="true" focusable="false">
        <line x1="0" y1={HEIGHT - 0.5} x2={WIDTH} y2={HEIGHT - 0.5} className="views-chart__axis" />
        {days.map((entry, index) => {
          const height = entry.views === 0 ? 0 : Math.max(2, (entry.views / most) * (HEIGHT - 4));
          return <rect key={entry.day} x={index * slot + slot * 0.15} y={HEIGHT - height} width={slot * 0.7} height={height} rx="1" className="views-chart__bar" />;
        })}
      </svg>
      <figcaption className="views-chart__caption">
        {days.length > 0 && `${dayLabel(days[0]!.day)} – ${dayLabel(days.at(-1)!.day)}`}
        {busiest ? `. Busiest day: ${dayLabel(busiest.day)} with ${busiest.views} ${busiest.views === 1 ? 'view' : 'views'}.` : '. No views yet.'}
      </figcaption>
      {/* Wrapped: a table ignores the 1px box of .visually-hidden and would stretch the page. */}
      <div className="visually-hidden">
        <table>
          <caption>Page views per day</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Views</th>
            </tr>
          </thead>
          <tbody>
            {days.map((entry) => (
              <tr key={entry.day}>
                <td>{dayLabel(entry.day)}</td>
                <td>{entry.views}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
