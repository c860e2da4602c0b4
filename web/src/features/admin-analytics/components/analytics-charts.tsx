import type { InvitationOutcomes, SearchAnalyticsReport } from '@skillers/domain';
import type { ReactNode } from 'react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { formatPercent, shortDay } from '../utils/analytics-format';

const CHART_HEIGHT = 240;
const ACCENT = '#4f46e5';
const WARNING = '#dc2626';

/** A titled plot with the table of its numbers under it, so every value can be read exactly. */
const Figure = ({ id, title, children }: { id: string; title: string; children: ReactNode }) => (
  <figure className="admin-analytics__figure" aria-labelledby={`${id}-title`} data-figure={id}>
    <figcaption id={`${id}-title`} className="admin-analytics__figure-title">
      {title}
    </figcaption>
    {children}
  </figure>
);

const asPercent = (value: unknown) => formatPercent(Number(value));
/** Axis ticks need no decimals, and fit the axis's width. */
const asWholePercent = (value: unknown) => `${Math.round(Number(value) * 100)} %`;

type Days = SearchAnalyticsReport['days'];

export const ZeroResultRateChart = ({ days }: { days: Days }) => (
  <Figure id="zero-result-rate" title="Zero-result rate per day">
    <ResponsiveContainer width="100%" height={CHART_HEIGHT}>
      <LineChart data={days} margin={{ top: 8, right: 16, bottom: 8, left: 8 }}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis dataKey="day" tickFormatter={shortDay} />
        <YAxis tickFormatter={asWholePercent} domain={[0, 1]} />
        <Tooltip formatter={asPercent} />
        <Line
          type="monotone"
          dataKey="zeroResultRate"
          name="Zero-result rate"
          stroke={WARNING}
          isAnimationActive={false}
        />
      </LineChart>
    </ResponsiveContainer>
  </Figure>
);

export const FallbackChart = ({ days }: { days: Days }) => (
  <Figure id="fallbacks" title="Similarity fallback per day">
    <ResponsiveContainer width="100%" height={CHART_HEIGHT}>
      <BarChart data={days} margin={{ top: 8, right: 16, bottom: 8, left: 8 }}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis dataKey="day" tickFormatter={shortDay} />
        <YAxis allowDecimals={false} />
        <Tooltip />
        <Bar dataKey="fallbacks" name="Fallback rankings" fill={ACCENT} isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  </Figure>
);

export const DaysTable = ({ days }: { days: Days }) => (
  <table className="admin-analytics__table" aria-label="Searches per day">
    <thead>
      <tr>
        <th scope="col">Day</th>
        <th scope="col">Searches</th>
        <th scope="col">Zero results</th>
        <th scope="col">Zero-result rate</th>
        <th scope="col">Fallbacks</th>
        <th scope="col">Fallback rate</th>
        <th scope="col">Clicks</th>
      </tr>
    </thead>
    <tbody>
      {days
        .filter((day) => day.searches + day.fallbacks + day.clicks > 0)
        .map((day) => (
          <tr key={day.day}>
            <th scope="row">{day.day}</th>
            <td>{day.searches}</td>
            <td>{day.zeroResults}</td>
            <td>{formatPercent(day.zeroResultRate)}</td>
            <td>{day.fallbacks}</td>
            <td>{formatPercent(day.fallbackRate)}</td>
            <td>{day.clicks}</td>
          </tr>
        ))}
    </tbody>
  </table>
);

export const ClickThroughChart = ({ ranks }: { ranks: SearchAnalyticsReport['clickThroughByRank'] }) => (
  <Figure id="click-through" title="Click-through by rank">
    <ResponsiveContainer width="100%" height={CHART_HEIGHT}>
      <BarChart data={ranks} margin={{ top: 8, right: 16, bottom: 8, left: 8 }}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis dataKey="rank" />
        <YAxis tickFormatter={asWholePercent} />
        <Tooltip formatter={asPercent} labelFormatter={(rank) => `Rank ${String(rank)}`} />
        <Bar dataKey="clickThroughRate" name="Click-through" fill={ACCENT} isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
    <table className="admin-analytics__table" aria-label="Click-through by rank">
      <thead>
        <tr>
          <th scope="col">Rank</th>
          <th scope="col">Shown</th>
          <th scope="col">Clicks</th>
          <th scope="col">Click-through</th>
        </tr>
      </thead>
      <tbody>
        {ranks.map((row) => (
          <tr key={row.rank}>
            <th scope="row">{row.rank}</th>
            <td>{row.impressions}</td>
            <td>{row.clicks}</td>
            <td>{formatPercent(row.clickThroughRate)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  </Figure>
);

/** Accepted / sent invitations per bucket (a score range or a rank), with the counts to judge it by. */
export const AcceptanceChart = ({
  id,
  title,
  keyTitle,
  rows,
}: {
  id: string;
  title: string;
  keyTitle: string;
  rows: (InvitationOutcomes & { key: string })[];
}) => (
  <Figure id={id} title={title}>
    <ResponsiveContainer width="100%" height={CHART_HEIGHT}>
      <BarChart data={rows} margin={{ top: 8, right: 16, bottom: 8, left: 8 }}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis dataKey="key" />
        <YAxis tickFormatter={asWholePercent} domain={[0, 1]} />
        <Tooltip formatter={asPercent} labelFormatter={(key) => `${keyTitle} ${String(key)}`} />
        <Bar dataKey="acceptanceRate" name="Acceptance rate" fill={ACCENT} isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
    <table className="admin-analytics__table" aria-label={title}>
      <thead>
        <tr>
          <th scope="col">{keyTitle}</th>
          <th scope="col">Sent</th>
          <th scope="col">Accepted</th>
          <th scope="col">Declined</th>
          <th scope="col">Acceptance rate</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key}>
            <th scope="row">{row.key}</th>
            <td>{row.sent}</td>
            <td>{row.accepted}</td>
            <td>{row.declined}</td>
            <td>{formatPercent(row.acceptanceRate)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  </Figure>
);

/** Counts of text keys (combinations, labels) as horizontal bars, most first, with their table. */
export const TopCountsChart = ({
  id,
  title,
  keyTitle,
  rows,
}: {
  id: string;
  title: string;
  keyTitle: string;
  rows: { key: string; count: number }[];
}) => (
  <Figure id={id} title={title}>
    {rows.length > 0 && (
      <ResponsiveContainer width="100%" height={Math.max(120, rows.length * 28 + 40)}>
        <BarChart data={rows} layout="vertical" margin={{ top: 8, right: 16, bottom: 8, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis type="number" allowDecimals={false} />
          <YAxis
            type="category"
            dataKey="key"
            width={220}
            tickFormatter={(key: string) => (key.length > 32 ? `${key.slice(0, 31)}…` : key)}
          />
          <Tooltip />
          <Bar dataKey="count" name="Searches" fill={ACCENT} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    )}
    <table className="admin-analytics__table" aria-label={title}>
      <thead>
        <tr>
          <th scope="col">{keyTitle}</th>
          <th scope="col">Searches</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key}>
            <th scope="row">{row.key}</th>
            <td>{row.count}</td>
          </tr>
        ))}
      </tbody>
    </table>
    {rows.length === 0 && <p className="admin-analytics__empty">None in this range.</p>}
  </Figure>
);
