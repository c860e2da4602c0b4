import type { AdminAnalyticsReport, AnalyticsRange } from '@skillers/domain';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/notice';
import { Spinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { adminRefusal } from '../../admin/admin-request';
import { AdminTokenGate } from '../../admin/admin-token-gate';
import { fetchAnalytics } from '../api/analytics.api';
import { formatPercent, shiftDay, todayUtc } from '../utils/analytics-format';
import {
  AcceptanceChart,
  ClickThroughChart,
  DaysTable,
  FallbackChart,
  TopCountsChart,
  ZeroResultRateChart,
} from './analytics-charts';
import './admin-analytics.css';

/** The default range: the last 30 UTC days, today included, as the API's default. */
const lastThirtyDays = (): AnalyticsRange => ({ from: shiftDay(todayUtc(), -29), to: todayUtc() });

export const AnalyticsScreen = () => (
  <AdminTokenGate submitLabel="Open analytics">
    {(token, forget) => <AnalyticsReport token={token} onForget={forget} />}
  </AdminTokenGate>
);

const AnalyticsReport = ({ token, onForget }: { token: string; onForget(message?: string): void }) => {
  const [range, setRange] = useState(lastThirtyDays);
  const [draft, setDraft] = useState(range);
  const report = useQuery({
    queryKey: ['admin-analytics', token, range.from, range.to],
    queryFn: () => fetchAnalytics(token, range),
    staleTime: 0,
  });
  const refusal = adminRefusal(report.error);
  useEffect(() => {
    if (refusal) onForget(refusal);
  }, [refusal, onForget]);

  const apply = (event: FormEvent) => {
    event.preventDefault();
    setRange(draft);
  };
  return (
    <div className="admin-analytics">
      <form className="admin-analytics__range" onSubmit={apply}>
        <TextField
          label="From"
          type="date"
          value={draft.from}
          onChange={(event) => setDraft({ ...draft, from: event.target.value })}
        />
        <TextField
          label="To"
          type="date"
          value={draft.to}
          onChange={(event) => setDraft({ ...draft, to: event.target.value })}
        />
        <Button type="submit">Show</Button>
        <Button variant="secondary" onClick={() => void report.refetch()}>
          Refresh
        </Button>
        <Button variant="ghost" onClick={() => onForget()}>
          Forget the token
        </Button>
      </form>
      {report.isPending && <Spinner label="Loading the analytics" />}
      {report.error && !refusal && <Notice tone="error">{report.error.message}</Notice>}
      {report.data && <ReportView report={report.data} />}
    </div>
  );
};

const ReportView = ({ report }: { report: AdminAnalyticsReport }) => (
  <>
    <dl className="admin-analytics__totals" aria-label="Totals">
      <div>
        <dt>Searches</dt>
        <dd data-total="searches">{report.totals.searches}</dd>
      </div>
      <div>
        <dt>Zero-result rate</dt>
        <dd data-total="zeroResultRate">{formatPercent(report.totals.zeroResultRate)}</dd>
      </div>
      <div>
        <dt>Similarity fallbacks</dt>
        <dd data-total="fallbacks">{report.totals.fallbacks}</dd>
      </div>
      <div>
        <dt>Clicks</dt>
        <dd data-total="clicks">{report.totals.clicks}</dd>
      </div>
    </dl>
    <div className="admin-analytics__grid">
      <ZeroResultRateChart days={report.days} />
      <FallbackChart days={report.days} />
    </div>
    <DaysTable days={report.days} />
    <div className="admin-analytics__grid">
      <ClickThroughChart ranks={report.clickThroughByRank} />
      <TopCountsChart
        id="zero-result-combinations"
        title="Most frequent zero-result filter combinations"
        keyTitle="Filters"
        rows={report.zeroResultCombinations.map(({ combination, count }) => ({ key: combination, count }))}
      />
      <TopCountsChart
        id="top-labels"
        title="Most used labels"
        keyTitle="Label"
        rows={report.topLabels.map(({ label, count }) => ({ key: label, count }))}
      />
    </div>
    <div className="admin-analytics__grid">
      <AcceptanceChart
        id="acceptance-by-score"
        title="Invitation acceptance by reciprocal score"
        keyTitle="Score"
        rows={report.invitations.byScore.map((row) => ({ ...row, key: `${row.from}–${row.to}` }))}
      />
      <AcceptanceChart
        id="acceptance-by-rank"
        title="Invitation acceptance by rank"
        keyTitle="Rank"
        rows={report.invitations.byRank.map((row) => ({ ...row, key: String(row.rank) }))}
      />
    </div>
  </>
);
