import type { AdminReport, ReportedItemState, ReportStatus } from '@skillers/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { REASON_LABELS } from '../../../components/report/report-button';
import { Button } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/notice';
import { Spinner } from '../../../components/ui/spinner';
import { formatStoredDate } from '../../../lib/dates';
import { adminRefusal } from '../../admin/admin-request';
import { AdminTokenGate } from '../../admin/admin-token-gate';
import { actOnReport, fetchReports, type ReportAction } from '../api/reports.api';
import './admin-reports.css';

const STATUS_TABS: { status: ReportStatus | undefined; label: string }[] = [
  { status: 'open', label: 'Open' },
  { status: 'hidden', label: 'Hidden' },
  { status: 'dismissed', label: 'Dismissed' },
  { status: undefined, label: 'All' },
];

/** What an admin may do with a report in each state. */
const ACTIONS: Record<
  ReportStatus,
  { action: ReportAction; label: string; variant: 'danger' | 'secondary' }[]
> = {
  open: [
    { action: 'hide', label: 'Hide item', variant: 'danger' },
    { action: 'dismiss', label: 'Dismiss', variant: 'secondary' },
  ],
  hidden: [{ action: 'restore', label: 'Restore item', variant: 'secondary' }],
  dismissed: [],
};

/** Projects and profiles have pages of their own; the other kinds are named by id. */
const itemPath = ({ targetKind, targetId }: AdminReport): string | undefined => {
  if (targetKind === 'project') return `/projects/${targetId}`;
  if (targetKind === 'profile') return `/teammates/${targetId}`;
  return undefined;
};

const STATE_NOTES: Record<ReportedItemState, string | undefined> = {
  visible: undefined,
  hidden: 'Hidden',
  gone: 'Deleted by its owner',
};

/** The item a report is about: what it says, whose it is, and whether it is still shown. */
const ReportedItemCell = ({ report, path }: { report: AdminReport; path: string | undefined }) => {
  const { item } = report;
  const note = STATE_NOTES[item.state];
  return (
    <div className="admin-reports__item">
      <span className="admin-reports__kind">{report.targetKind}</span>{' '}
      {path && item.state === 'visible' ? <Link to={path}>{item.title}</Link> : <strong>{item.title}</strong>}
      {note && <span className="admin-reports__state"> ({note})</span>}
      {item.excerpt && item.excerpt !== item.title && (
        <p className="admin-reports__excerpt">{item.excerpt}</p>
      )}
      {item.by && <p className="admin-reports__by">by {item.by}</p>}
    </div>
  );
};

export const ReportsScreen = () => (
  <AdminTokenGate submitLabel="Open reports">
    {(token, forget) => <ReportQueue token={token} onForget={forget} />}
  </AdminTokenGate>
);

const ReportQueue = ({ token, onForget }: { token: string; onForget(message?: string): void }) => {
  const [status, setStatus] = useState<ReportStatus | undefined>('open');
  const [page, setPage] = useState(1);
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string }>();
  const queryClient = useQueryClient();
  const list = useQuery({
    queryKey: ['admin-reports', token, status, page],
    queryFn: () => fetchReports(token, status, page),
    staleTime: 0,
  });
  const act = useMutation({
    mutationFn: ({ report, action }: { report: AdminReport; action: ReportAction }) =>
      actOnReport(token, report._id, action),
    onSuccess: ({ message }) => setOutcome({ tone: 'success', text: message }),
    onError: (error) => setOutcome({ tone: 'error', text: error.message }),
    // One action changes the state of every report about the same item.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin-reports', token] }),
  });
  const refusal = adminRefusal(list.error) ?? adminRefusal(act.error);
  useEffect(() => {
    if (refusal) onForget(refusal);
  }, [refusal, onForget]);

  const choose = (next: ReportStatus | undefined) => {
    setStatus(next);
    setPage(1);
    setOutcome(undefined);
  };
  const pages = list.data?.pages ?? 0;
  return (
    <div className="admin-reports">
      <div className="admin-reports__toolbar">
        <div role="group" aria-label="Reports to show" className="admin-reports__tabs">
          {STATUS_TABS.map((tab) => (
            <Button
              key={tab.label}
              variant={tab.status === status ? 'primary' : 'ghost'}
              aria-pressed={tab.status === status}
              onClick={() => choose(tab.status)}
            >
              {tab.label}
            </Button>
          ))}
        </div>
        <Button variant="secondary" onClick={() => void list.refetch()}>
          Refresh
        </Button>
        <Button variant="ghost" onClick={() => onForget()}>
          Forget the token
        </Button>
      </div>
      {outcome && <Notice tone={outcome.tone}>{outcome.text}</Notice>}
      {list.isPending && <Spinner label="Loading the reports" />}
      {list.error && !refusal && <Notice tone="error">{list.error.message}</Notice>}
      {list.data && list.data.total === 0 && <p className="admin-reports__empty">No reports.</p>}
      {list.data && list.data.total > 0 && (
        <>
          {/* Wide on a phone: the table scrolls sideways inside its own box, which a keyboard can scroll too. */}
          <div className="admin-reports__scroll" role="region" aria-label="Reports table" tabIndex={0}>
            <table className="admin-reports__table" aria-label="Reports">
              <thead>
                <tr>
                  <th scope="col">Reported</th>
                  <th scope="col">Item</th>
                  <th scope="col">Reason</th>
                  <th scope="col">Report text</th>
                  <th scope="col">Reported by</th>
                  <th scope="col">Status</th>
                  <th scope="col">Actions</th>
                </tr>
              </thead>
              <tbody>
                {list.data.reports.map((report) => {
                  const path = itemPath(report);
                  return (
                    <tr key={report._id} data-report-id={report._id}>
                      <td>{formatStoredDate(report.createdAt)}</td>
                      <th scope="row">
                        <ReportedItemCell report={report} path={path} />
                      </th>
                      <td>{REASON_LABELS[report.reason]}</td>
                      <td className="admin-reports__text">{report.text}</td>
                      <td>{report.reporterUsername ?? '(account deleted)'}</td>
                      <td>{report.status}</td>
                      <td>
                        <div className="admin-reports__actions">
                          {ACTIONS[report.status].map(({ action, label, variant }) => (
                            <Button
                              key={action}
                              variant={variant}
                              busy={act.isPending && act.variables?.report._id === report._id}
                              onClick={() => act.mutate({ report, action })}
                            >
                              {label}
                            </Button>
                          ))}
                        </div>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          <nav className="admin-reports__pages" aria-label="Report pages">
            <Button variant="ghost" disabled={page <= 1} onClick={() => setPage(page - 1)}>
              Previous
            </Button>
            <span>
              Page {page} of {pages} ({list.data.total} {list.data.total === 1 ? 'report' : 'reports'})
            </span>
            <Button variant="ghost" disabled={page >= pages} onClick={() => setPage(page + 1)}>
              Next
            </Button>
          </nav>
        </>
      )}
    </div>
  );
};
