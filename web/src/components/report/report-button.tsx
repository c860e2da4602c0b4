import {
  REPORT_REASONS,
  REPORT_TEXT_MAX_LENGTH,
  type ReportReason,
  type ReportTargetKind,
} from '@skillers/domain';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { ApiError } from '../../lib/api-error';
import { useAuth } from '../../lib/auth';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';
import { Notice } from '../ui/notice';
import { fileReport } from './report.api';
import './report.css';

export const REPORT_FAILED = 'The report could not be sent. Please try again.';

export const REASON_LABELS: Record<ReportReason, string> = {
  spam: 'Spam or advertising',
  scam: 'Scam or fraud',
  harassment: 'Harassment or hate',
  inappropriate: 'Inappropriate content',
  impersonation: 'Pretends to be someone else',
  other: 'Something else',
};

const KIND_NAMES: Record<ReportTargetKind, string> = {
  profile: 'profile',
  project: 'project',
  post: 'post',
  comment: 'comment',
  conversation: 'conversation',
};

interface ReportButtonProps {
  targetKind: ReportTargetKind;
  targetId: string;
}

/** "Report" and its small dialog: a reason from the fixed list and optional details. Signed-in users only. */
export const ReportButton = ({ targetKind, targetId }: ReportButtonProps) => {
  const { token } = useAuth();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<ReportReason>('spam');
  const [text, setText] = useState('');
  const reasonId = useId();
  const textId = useId();
  const report = useMutation({ mutationFn: () => fileReport({ targetKind, targetId, reason, text }) });
  if (!token) return null;

  const close = () => {
    setOpen(false);
    report.reset();
  };
  const failure =
    report.error instanceof ApiError && report.error.isClientError ? report.error.message : REPORT_FAILED;
  const title = `Report this ${KIND_NAMES[targetKind]}`;

  return (
    <>
      <Button variant="ghost" className="report-button" onClick={() => setOpen(true)}>
        Report
      </Button>
      {open && (
        <Dialog
          title={title}
          onClose={close}
          actions={
            report.isSuccess ? (
              <Button onClick={close}>Close</Button>
            ) : (
              <>
                <Button variant="secondary" onClick={close}>
                  Cancel
                </Button>
                <Button variant="danger" busy={report.isPending} onClick={() => report.mutate()}>
                  Send report
                </Button>
              </>
            )
          }
        >
          {report.isSuccess ? (
            <Notice tone="success">{report.data.message}</Notice>
          ) : (
            <div className="report-form">
              <label htmlFor={reasonId}>Reason</label>
              <select
                id={reasonId}
                value={reason}
                onChange={(event) => setReason(event.target.value as ReportReason)}
              >
                {REPORT_REASONS.map((value) => (
                  <option key={value} value={value}>
                    {REASON_LABELS[value]}
                  </option>
                ))}
              </select>
              <label htmlFor={textId}>Details (optional)</label>
              <textarea
                id={textId}
                rows={3}
                maxLength={REPORT_TEXT_MAX_LENGTH}
                value={text}
                onChange={(event) => setText(event.target.value)}
              />
              {report.isError && <Notice tone="error">{failure}</Notice>}
            </div>
          )}
        </Dialog>
      )}
    </>
  );
};
