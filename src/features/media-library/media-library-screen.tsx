import { useLoaderData } from 'react-router-dom';
import { CloseIcon, DownloadIcon } from '../../components/icons';
import { ContentImage } from '../../components/content-image';
import type { MediaDownload } from './map-media-library';
import type { createMediaLibraryLoader } from './media-library-loader';
import { useDownloads, type DownloadsState } from './use-downloads';
import styles from './media-library.module.css';
import { ImageRequestForm } from '../../components/forms/image-request-form';

/**
 * Media library (catalogue-and-content.md sections 2, 3 and 7): the catalog download, downloads
 * grouped by category (each fetched as a file, with a busy state and an error notice) and the
 * product image request section, whose captcha-protected form mounts in the marked slot.
 */
export function MediaLibraryScreen() {
  const { catalog, categoryList, formImage } = useLoaderData<ReturnType<typeof createMediaLibraryLoader>>();
  const downloads = useDownloads();

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <div className={styles.headerInner}>
          <div>
            <h1 className={styles.title}>Media Library</h1>
            <p className={styles.lead}>Owner&apos;s manuals, catalogs and guides, ready to download as PDF files.</p>
          </div>
          {catalog ? (
            <DownloadButton download={catalog} downloads={downloads} variant="primary" label="Download Catalog" />
          ) : null}
        </div>
      </header>

      <div className={styles.inner}>
        {/* One notice for the page: announced politely, and it stays until the next download. */}
        <div aria-live="polite" className={styles.noticeRegion}>
          {downloads.failedTitle ? (
            <div className={styles.error} role="alert">
              <p>
                <strong>{downloads.failedTitle}</strong> could not be downloaded. Please check your connection and try
                again.
              </p>
              <button type="button" className={styles.dismiss} onClick={downloads.dismissError} aria-label="Dismiss message">
                <CloseIcon />
              </button>
            </div>
          ) : null}
        </div>

        {categoryList.length ? (
          <section aria-labelledby="media-downloads" className={styles.downloads}>
            <h2 id="media-downloads" className="visually-hidden">
              Downloads
            </h2>
            <div className={styles.categories}>
              {categoryList.map((category, index) => (
                <section key={`${category.title}-${index}`} aria-labelledby={`media-category-${index}`} className={styles.category}>
                  <h3 id={`media-category-${index}`} className={styles.categoryTitle}>
                    {category.title}
                  </h3>
                  <ul className={styles.downloadList}>
                    {category.downloadList.map((download) => (
                      <li key={download.url + download.title} className={styles.downloadItem}>
                        <span className={styles.downloadTitle}>{download.title}</span>
                        <DownloadButton download={download} downloads={downloads} label="Download" />
                      </li>
                    ))}
                  </ul>
                </section>
              ))}
            </div>
          </section>
        ) : (
          <p className={styles.empty}>Downloads are not available right now. Please check back soon.</p>
        )}

        <section aria-labelledby="media-image-request" className={styles.imageRequest}>
          <ContentImage image={formImage} className={styles.requestImage} />
          <div className={styles.requestBody}>
            <h2 id="media-image-request" className={styles.requestHeading}>
              Request Product Images
            </h2>
            <p className={styles.requestText}>
              Need high-resolution product photography for a store display, a review or an article? Tell us what you are
              looking for and our team will send it over.
            </p>
            <div data-slot="image-request" className={styles.slot}>
              <ImageRequestForm />
            </div>
          </div>
        </section>
      </div>
    </div>
  );
}

interface DownloadButtonProps {
  download: MediaDownload;
  downloads: DownloadsState;
  label: string;
  variant?: 'primary' | 'secondary';
}

function DownloadButton({ download, downloads, label, variant = 'secondary' }: DownloadButtonProps) {
  const busy = downloads.busy.has(download.url);
  return (
    <button
      type="button"
      className={variant === 'primary' ? styles.primaryButton : styles.button}
      onClick={() => downloads.start(download)}
      aria-disabled={busy || undefined}
      aria-label={busy ? `Downloading ${download.title}` : variant === 'primary' ? label : `${label} ${download.title}`}
      data-busy={busy || undefined}
    >
      {busy ? <span className={styles.spinner} aria-hidden="true" /> : <DownloadIcon aria-hidden="true" />}
      <span aria-hidden="true">{busy ? 'Downloading…' : label}</span>
    </button>
  );
}
