/**
 * /dashboard/reports (issue 20): a date range (7, 30, 90 days, 12 months or
 * custom) with the previous period beside it; visitors and page views per
 * day, members (free and paying), MRR, one-time revenue (gifts, tips,
 * products), join-page conversion, top posts and referrers. Each card has its table and its CSV; the charts (uPlot) are in
 * this page's chunk only.
 */
import { useCallback, useMemo, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import * as reportsApi from '../../../common/api/reports.ts';
import { urlOf } from '../../../common/api/endpoint.ts';
import { SERVER_MESSAGES } from '../../../common/messages.ts';
import { formatMoney, minorUnitsPerMajor } from '../../../common/money.ts';
import { REPORT_PRESETS, dayOf, presetRange, type DayRange } from '../../../common/report-range.ts';
import { usePageMeta } from '../../app/usePageMeta.ts';
import { LoadFailed, Loading } from '../../components/LoadStatus.tsx';
import { call } from '../../lib/api.ts';
import { useLoadFor } from '../../lib/useLoadFor.ts';
import { ChartCard } from './ChartCard.tsx';
import { TimeChart, type ChartSeries } from './TimeChart.tsx';
import '../../components/FormField.css';
import '../overview/overview.css';
import './reports.css';

type Choice = (typeof REPORT_PRESETS)[number]['id'] | 'custom';

const whole = (value: number) => value.toLocaleString();
const percent = (value: number | null) => (value === null ? '–' : `${(value * 100).toFixed(1)}%`);
const dayLabel = (day: string) => new Date(`${day}T00:00:00Z`).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });

function Change({ now, before }: { now: number; before: number }) {
  if (before === 0) return <span className="report-figure__change">{now === 0 ? 'No change' : 'New this period'}</span>;
  const change = (now - before) / before;
  const word = change > 0 ? 'up' : change < 0 ? 'down' : 'no change';
  return (
    <span className={`report-figure__change report-figure__change--${change >= 0 ? 'up' : 'down'}`}>
      {change === 0 ? 'No change' : `${change > 0 ? '▲' : '▼'} ${Math.abs(change * 100).toFixed(0)}%`}
      <span className="visually-hidden"> ({word} on the previous period)</span>
    </span>
  );
}

function Figure({ label, value, now, before, compare }: { label: string; value: string; now: number; before: number; compare: boolean }) {
  return (
    <div className="overview-figure">
      <dt className="overview-figure__label">{label}</dt>
      <dd className="overview-figure__value">{value}</dd>
      {compare && (
        <dd className="overview-figure__detail">
          <Change now={now} before={before} />
        </dd>
      )}
    </div>
  );
}

function CustomRange({ range, onCustom }: { range: DayRange; onCustom: (range: DayRange) => void }) {
  const [draft, setDraft] = useState(range);
  const [problem, setProblem] = useState('');
  const today = dayOf(new Date());
  function apply(event: FormEvent) {
    event.preventDefault();
    if (!draft.from || !draft.to) return setProblem(SERVER_MESSAGES['range-required']);
    if (draft.from > draft.to) return setProblem(SERVER_MESSAGES['range-reversed']);
    setProblem('');
    onCustom(draft);
  }
  const invalid = problem ? { 'aria-invalid': true, 'aria-describedby': 'report-range-problem' } : {};
  return (
    <form className="report-range__custom" onSubmit={apply} noValidate>
      <label className="report-range__date">
        From
        <input className="field__input" type="date" value={draft.from} max={today} onChange={(event) => setDraft({ ...draft, from: event.target.value })} {...invalid} />
      </label>
      <label className="report-range__date">
        To
        <input className="field__input" type="date" value={draft.to} max={today} onChange={(event) => setDraft({ ...draft, to: event.target.value })} {...invalid} />
      </label>
      <button type="submit" className="button button--primary button--md">
        Show
      </button>
      {problem && (
        <p id="report-range-problem" className="field__error" role="alert">
          {problem}
        </p>
      )}
    </form>
  );
}

function RangePicker({ choice, range, onPreset, onCustom, compare, onCompare }: { choice: Choice; range: DayRange; onPreset: (id: Choice) => void; onCustom: (range: DayRange) => void; compare: boolean; onCompare: (on: boolean) => void }) {
  return (
    <div className="report-range">
      <div className="report-range__presets" role="group" aria-label="Date range">
        {[...REPORT_PRESETS, { id: 'custom' as const, label: 'Custom' }].map((preset) => (
          <button key={preset.id} type="button" className="report-range__preset" aria-pressed={choice === preset.id} onClick={() => onPreset(preset.id)}>
            {preset.label}
          </button>
        ))}
      </div>
      {choice === 'custom' && <CustomRange key={`${range.from}/${range.to}`} range={range} onCustom={onCustom} />}
      <label className="report-range__compare">
        <input type="checkbox" checked={compare} onChange={(event) => onCompare(event.target.checked)} /> Compare with the previous period
      </label>
    </div>
  );
}

function csvUrl(range: DayRange, table: reportsApi.ReportTable): string {
  return urlOf(reportsApi.report.path, {}, { ...range, format: 'csv', table });
}

function Report({ report, compare }: { report: reportsApi.Report; compare: boolean }) {
  const { totals, previousTotals: before, currency, brandColor } = report;
  const money = useCallback((minor: number) => formatMoney(minor, currency, { compact: true }), [currency]);
  const days = useMemo(() => report.days.map((day) => day.day), [report]);
  const trafficSeries = useMemo<ChartSeries[]>(
    () => [
      { label: 'Visitors', values: report.days.map((day) => day.visitors) },
      { label: 'Page views', values: report.days.map((day) => day.views), light: true },
      ...(compare ? [{ label: 'Visitors, previous period', values: report.previousDays.map((day) => day.visitors), previous: true }] : []),
    ],
    [report, compare],
  );
  const memberSeries = useMemo<ChartSeries[]>(
    () => [
      { label: 'Paying members', values: report.days.map((day) => day.paidMembers) },
      { label: 'Free members', values: report.days.map((day) => day.freeMembers), light: true },
      ...(compare ? [{ label: 'Paying, previous period', values: report.previousDays.map((day) => day.paidMembers), previous: true }] : []),
    ],
    [report, compare],
  );
  const mrrSeries = useMemo<ChartSeries[]>(
    () => [
      { label: 'MRR', values: report.days.map((day) => day.mrr) },
      ...(compare ? [{ label: 'MRR, previous period', values: report.previousDays.map((day) => day.mrr), previous: true }] : []),
    ],
    [report, compare],
  );
  const oneTimeSeries = useMemo<ChartSeries[]>(
    () => [
      { label: 'One-time revenue', values: report.days.map((day) => day.oneTimeRevenue) },
      ...(compare ? [{ label: 'One-time revenue, previous period', values: report.previousDays.map((day) => day.oneTimeRevenue), previous: true }] : []),
    ],
    [report, compare],
  );
  const dayRows = report.days.map((day) => [dayLabel(day.day), whole(day.visitors), whole(day.views)]);
  const empty = totals.views === 0 && totals.paidMembers === 0 && totals.freeMembers === 0 && totals.oneTimeRevenue === 0;
  return (
    <>
      <section aria-labelledby="report-figures-heading">
        <h2 id="report-figures-heading" className="visually-hidden">
          Figures for {dayLabel(report.range.from)} to {dayLabel(report.range.to)}
        </h2>
        <dl className="overview-figures report-figures">
          <Figure label="Visitors" value={whole(totals.visitors)} now={totals.visitors} before={before.visitors} compare={compare} />
          <Figure label="Page views" value={whole(totals.views)} now={totals.views} before={before.views} compare={compare} />
          <Figure label="New members" value={whole(totals.newMembers)} now={totals.newMembers} before={before.newMembers} compare={compare} />
          <Figure label="Join-page conversion" value={percent(totals.conversion)} now={totals.conversion ?? 0} before={before.conversion ?? 0} compare={compare} />
          <Figure label="Paying members" value={whole(totals.paidMembers)} now={totals.paidMembers} before={before.paidMembers} compare={compare} />
          <Figure label="MRR" value={money(totals.mrr)} now={totals.mrr} before={before.mrr} compare={compare} />
          <Figure label="One-time revenue" value={money(totals.oneTimeRevenue)} now={totals.oneTimeRevenue} before={before.oneTimeRevenue} compare={compare} />
        </dl>
        {compare && (
          <p className="overview-card__note">
            Compared with {dayLabel(report.previous.from)} to {dayLabel(report.previous.to)}; the dashed lines are that period, day for day.
          </p>
        )}
      </section>
      {empty && (
        <p className="overview__empty">
          Nothing counted in this range yet. Share your site to bring readers in; see <Link to="/support#reports">how reports count</Link>.
        </p>
      )}
      <ChartCard
        title="Visitors and page views"
        note="Visitors are counted once a day each, without cookies: a daily hash of the address and browser, never stored raw."
        chart={<TimeChart days={days} series={trafficSeries} color={brandColor} format={whole} step={1} />}
        table={{ columns: ['Day', 'Visitors', 'Page views'], rows: dayRows }}
        csvUrl={csvUrl(report.range, 'days')}
      />
      <ChartCard
        title="Members"
        note="Free and paying members as each day ended."
        chart={<TimeChart days={days} series={memberSeries} color={brandColor} format={whole} step={1} />}
        table={{ columns: ['Day', 'Paying', 'Free'], rows: report.days.map((day) => [dayLabel(day.day), whole(day.paidMembers), whole(day.freeMembers)]) }}
        csvUrl={csvUrl(report.range, 'days')}
      />
      <ChartCard
        title="Monthly recurring revenue"
        chart={<TimeChart days={days} series={mrrSeries} color={brandColor} format={money} step={minorUnitsPerMajor(currency)} />}
        table={{ columns: ['Day', 'MRR'], rows: report.days.map((day) => [dayLabel(day.day), money(day.mrr)]) }}
        csvUrl={csvUrl(report.range, 'days')}
      />
      <ChartCard
        title="One-time revenue"
        note="Gifts, tips and products paid each day, refunds taken off on the day they were made. Each one is listed under Earn."
        chart={<TimeChart days={days} series={oneTimeSeries} color={brandColor} format={money} step={minorUnitsPerMajor(currency)} />}
        table={{ columns: ['Day', 'One-time revenue'], rows: report.days.map((day) => [dayLabel(day.day), money(day.oneTimeRevenue)]) }}
        csvUrl={csvUrl(report.range, 'days')}
      />
      <div className="report-pair">
        <ChartCard
          title="Top posts"
          table={{ columns: ['Post', 'Views'], rows: report.topPosts.map((post) => [post.title, whole(post.views)]) }}
          csvUrl={csvUrl(report.range, 'posts')}
        />
        <ChartCard
          title="Referrers"
          note="The site that sent each reader (its host only), and utm_source when the link had one."
          table={{ columns: ['Source', 'Views'], rows: report.referrers.map((source) => [source.utmSource ? `${source.host || 'direct'} (${source.utmSource})` : source.host, whole(source.views)]) }}
          csvUrl={csvUrl(report.range, 'referrers')}
        />
      </div>
    </>
  );
}

export default function ReportsPage() {
  usePageMeta({ title: 'Reports | Creator Platform', robots: 'noindex' });
  const [choice, setChoice] = useState<Choice>('30d');
  const [range, setRange] = useState<DayRange>(() => presetRange(30, dayOf(new Date())));
  const [compare, setCompare] = useState(true);
  const { loaded, reload } = useLoadFor(range, (asked, signal) => call(reportsApi.report, { query: asked, signal }));

  function choosePreset(id: Choice) {
    setChoice(id);
    const preset = REPORT_PRESETS.find((entry) => entry.id === id);
    if (preset) setRange(presetRange(preset.days, dayOf(new Date())));
  }

  return (
    <div className="overview studio reports">
      <header className="overview__header">
        <div>
          <h1 className="overview__heading">Reports</h1>
          <p className="overview__sub">Who reads, what, from where, and who becomes a member. Days are UTC; figures catch up within a few minutes.</p>
        </div>
      </header>
      <RangePicker choice={choice} range={range} onPreset={choosePreset} onCustom={setRange} compare={compare} onCompare={setCompare} />
      <div aria-live="polite" aria-busy={loaded.state === 'loading'} className="reports__body">
        {loaded.state === 'loading' && <Loading>Loading your report…</Loading>}
        {loaded.state === 'failed' && <LoadFailed message={SERVER_MESSAGES[loaded.code]} onRetry={reload} />}
        {loaded.state === 'ready' && <Report report={loaded.data} compare={compare} />}
      </div>
    </div>
  );
}
