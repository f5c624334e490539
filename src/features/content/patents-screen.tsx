import { useLoaderData } from 'react-router-dom';
import type { createContentLoaders } from './content-loaders';
import { useRouteTitle } from '../../components/use-route-title';
import page from '../../components/content-page.module.css';
import styles from './patents-screen.module.css';

/**
 * Patents (catalogue-and-content.md sections 2 and 3): one row per patent with its product,
 * type, patent numbers and the colours and models it covers. A table on wide screens; on phones
 * the same table lays each row out as a card (cells labelled by their column).
 */
export function PatentsScreen() {
  const content = useLoaderData<ReturnType<typeof createContentLoaders>['patents']>();
  const routeTitle = useRouteTitle();
  return (
    <article className={`${page.page} ${page.container}`}>
      <header className={page.header}>
        <h1 className={page.title}>{content.title || routeTitle}</h1>
        {content.patentList.length ? (
          <p className={page.lead}>Ridgeline Arms products are protected by the following patents and pending applications.</p>
        ) : null}
      </header>
      {content.patentList.length ? (
        <table className={styles.table}>
          <caption className="visually-hidden">Patents by product</caption>
          <thead>
            <tr>
              <th scope="col">Product</th>
              <th scope="col">Type</th>
              <th scope="col">Patent numbers</th>
              <th scope="col">Colours and models</th>
            </tr>
          </thead>
          <tbody>
            {content.patentList.map((patent, index) => (
              <tr key={`${index}-${patent.productName}`}>
                <th scope="row" className={styles.product}>
                  {patent.productName}
                </th>
                <td data-label="Type">
                  {patent.patentType ? <span className={styles.type}>{patent.patentType}</span> : null}
                </td>
                <td data-label="Patent numbers">
                  <ul className={styles.numbers}>
                    {splitNumbers(patent.patentNumbers).map((number) => (
                      <li key={number}>{number}</li>
                    ))}
                  </ul>
                </td>
                <td data-label="Colours and models">{patent.colorsAndModels}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </article>
  );
}

/** Patent numbers come as one string separated by semicolons ('US 11,204,118 B2; US 11,390,442 B1'). */
function splitNumbers(value: string): string[] {
  return [...new Set(value.split(';').map((part) => part.trim()).filter(Boolean))];
}
