import { Download, LoaderCircle } from 'lucide-react';
import { type MouseEvent, useState } from 'react';
import { buttonVariants } from '#client/components/ui/button.tsx';
import { apiDownload } from '#client/lib/http.ts';
import { ACCOUNT_EXPORT_INTERVAL_MINUTES, ACCOUNT_EXPORT_PATH } from '#common/account-export';
import { errorText } from '../api.ts';

type ExportState =
  | { step: 'idle' }
  | { step: 'preparing' }
  | { step: 'done'; fileName: string }
  | { step: 'failed'; message: string };

/** Hands the browser a file to save, as a plain download link would. */
function save(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has taken the bytes once the click is handled.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * "Your data" on /account (issue 33): the member's data as a zip. A real link to the export, which
 * works without JavaScript; with it the file is fetched here, so a refusal ("Try again in 7
 * minutes") is shown on the page instead of being saved as the file.
 */
export function DataExportSection() {
  const [state, setState] = useState<ExportState>({ step: 'idle' });
  const preparing = state.step === 'preparing';

  async function download(event: MouseEvent<HTMLAnchorElement>) {
    event.preventDefault();
    if (preparing) return;
    setState({ step: 'preparing' });
    try {
      const { blob, fileName } = await apiDownload(ACCOUNT_EXPORT_PATH);
      const name = fileName ?? 'crewbase-export.zip';
      save(blob, name);
      setState({ step: 'done', fileName: name });
    } catch (error) {
      setState({
        step: 'failed',
        message: errorText(error, 'Your data could not be downloaded. Please try again.'),
      });
    }
  }

  return (
    <div className="flex flex-col items-start gap-3">
      <p className="text-sm text-muted-foreground">
        A zip file with a <code className="font-mono text-xs">data.json</code> of your account, profile,
        reviews, messages, connections, bookings, teams, payments and invoices, notifications, devices and
        security events, and the photos you uploaded. Once every {ACCOUNT_EXPORT_INTERVAL_MINUTES} minutes.
      </p>
      <a
        href={ACCOUNT_EXPORT_PATH}
        download
        onClick={download}
        aria-disabled={preparing}
        className={buttonVariants({
          variant: 'outline',
          className: preparing ? 'pointer-events-none opacity-70' : '',
        })}
      >
        {preparing ? (
          <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
        ) : (
          <Download aria-hidden="true" className="size-4" />
        )}
        {preparing ? 'Preparing your data...' : 'Download my data'}
      </a>
      <div aria-live="polite" className="text-sm">
        {state.step === 'done' ? (
          <p className="text-muted-foreground">
            Your download has started:{' '}
            <span className="break-all font-medium text-foreground">{state.fileName}</span>
          </p>
        ) : null}
        {state.step === 'failed' ? (
          <p role="alert" className="text-red-700 dark:text-red-400">
            {state.message}
          </p>
        ) : null}
      </div>
    </div>
  );
}
