import { useMutation } from '@tanstack/react-query';
import { Button } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/notice';
import { EXPORT_FILE_NAME, fetchAccountExport } from '../api/account.api';

export const DOWNLOAD_FAILED = "We couldn't prepare your data right now. Please try again in a moment.";

/** Hands the browser a JSON file to save, as a link to a local copy of the answer. */
const saveAsFile = (data: unknown) => {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = EXPORT_FILE_NAME;
  link.click();
  URL.revokeObjectURL(url);
};

export const DownloadData = () => {
  const download = useMutation({ mutationFn: fetchAccountExport, onSuccess: saveAsFile });
  return (
    <section className="form-card" aria-labelledby="download-data-title">
      <h2 id="download-data-title">Download my data</h2>
      <p>
        One JSON file with your account, profile, projects, saved items and searches, messages, posts,
        comments, likes and reports.
      </p>
      {download.isError && <Notice tone="error">{DOWNLOAD_FAILED}</Notice>}
      <div>
        <Button variant="secondary" busy={download.isPending} onClick={() => download.mutate()}>
          Download my data
        </Button>
      </div>
    </section>
  );
};
