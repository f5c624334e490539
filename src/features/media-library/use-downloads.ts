import { useCallback, useRef, useState } from 'react';
import { downloadFile, type DownloadDeps } from './download-file';
import type { MediaDownload } from './map-media-library';

export interface DownloadsState {
  /** Urls being fetched right now (their buttons show a busy state). */
  busy: ReadonlySet<string>;
  /** The title of the last download that failed, until another one starts. */
  failedTitle: string | null;
  start: (download: MediaDownload) => void;
  dismissError: () => void;
}

/**
 * Busy and failed state of the media library's downloads. A download already in flight is not
 * started twice (a double click saves one file).
 */
export function useDownloads(deps?: DownloadDeps): DownloadsState {
  const [busy, setBusy] = useState<ReadonlySet<string>>(() => new Set());
  const [failedTitle, setFailedTitle] = useState<string | null>(null);
  const inFlight = useRef(new Set<string>());

  const start = useCallback(
    (download: MediaDownload) => {
      if (inFlight.current.has(download.url)) return;
      inFlight.current.add(download.url);
      setFailedTitle(null);
      setBusy(new Set(inFlight.current));
      downloadFile(download.url, download.fileName, deps)
        .catch(() => setFailedTitle(download.title))
        .finally(() => {
          inFlight.current.delete(download.url);
          setBusy(new Set(inFlight.current));
        });
    },
    [deps],
  );

  const dismissError = useCallback(() => setFailedTitle(null), []);
  return { busy, failedTitle, start, dismissError };
}
