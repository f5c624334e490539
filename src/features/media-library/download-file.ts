/**
 * Media downloads are fetched as files (catalogue-and-content.md section 7: "Media download files
 * are fetched as blobs"): the file is requested, then saved under its own name through an object
 * URL, so the browser saves it instead of opening a PDF viewer in place of the shop.
 */
import { fetchWithRequestId } from '../../api/client';

export interface DownloadDeps {
  fetch: typeof fetch;
  /** Hands the blob to the browser as a saved file; the DOM version by default. */
  save: (blob: Blob, fileName: string) => void;
}

export class DownloadError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'DownloadError';
  }
}

/** Saves a blob with a temporary object URL and a download link; the URL is released afterwards. */
export function saveBlob(blob: Blob, fileName: string): void {
  const objectUrl = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = objectUrl;
  anchor.download = fileName;
  anchor.rel = 'noopener';
  anchor.style.display = 'none';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  // Revoked on a later task: some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(objectUrl), 1000);
}

const defaultDeps: DownloadDeps = {
  // With X-Request-ID, like every request the shop makes (src/api/client.ts).
  fetch: fetchWithRequestId(),
  save: saveBlob,
};

/** Fetches `url` and saves it as `fileName`; rejects with a DownloadError when the file cannot be had. */
export async function downloadFile(url: string, fileName: string, deps: DownloadDeps = defaultDeps): Promise<void> {
  let response: Response;
  try {
    response = await deps.fetch(url, { credentials: 'same-origin' });
  } catch {
    throw new DownloadError('The file could not be reached.');
  }
  if (!response.ok) throw new DownloadError(`The file could not be downloaded (status ${response.status}).`, response.status);
  const blob = await response.blob();
  deps.save(blob, fileName);
}
