import { useLoaderData } from 'react-router-dom';
import { ArrowRightIcon, DownloadIcon } from '../../components/icons';
import { SmartLink } from '../../components/smart-link';
import { ContentImage } from '../../components/content-image';
import styles from './support.module.css';
import type { createResourcesLoader } from './support-loaders';

/** Resources (catalogue-and-content.md section 2; its fields are the contract's): a banner, header, sub header and resource links. */
export function ResourcesScreen() {
  const { backgroundImage, header, subHeader, resourceLinks } = useLoaderData<ReturnType<typeof createResourcesLoader>>();
  return (
    <div className={styles.page}>
      <ContentImage image={backgroundImage} className={styles.banner} eager />
      <header className={styles.pageHeader}>
        <h1 className={styles.title}>{header || 'Resources'}</h1>
        {subHeader ? <p className={styles.lead}>{subHeader}</p> : null}
      </header>
      {resourceLinks.length ? (
        <ul className={styles.resourceList}>
          {resourceLinks.map((item) => (
            <li key={`${item.url}-${item.title}`}>
              <SmartLink href={item.url} className={styles.resource}>
                <span className={styles.resourceText}>
                  <span className={styles.resourceTitle}>{item.title}</span>
                  {item.description ? <span className={styles.resourceDescription}>{item.description}</span> : null}
                </span>
                {item.isFile ? (
                  <DownloadIcon className={styles.resourceIcon} aria-hidden="true" />
                ) : (
                  <ArrowRightIcon className={styles.resourceIcon} aria-hidden="true" />
                )}
              </SmartLink>
            </li>
          ))}
        </ul>
      ) : (
        <p className={styles.empty}>Resources are not available right now. Please check back soon.</p>
      )}
    </div>
  );
}
