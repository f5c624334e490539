import { useState } from 'react';
import { Button, Disclosure, DisclosureGroup, DisclosurePanel, Heading, type Key } from 'react-aria-components';
import { useLoaderData } from 'react-router-dom';
import { ChevronDownIcon } from '../../components/icons';
import type { createContentLoaders } from './content-loaders';
import { useRouteTitle } from '../../components/use-route-title';
import { PageBanner } from '../../components/page-banner';
import page from '../../components/content-page.module.css';
import styles from './faq-screen.module.css';

/**
 * FAQ (catalogue-and-content.md sections 2 and 4): header image, title and text, then an
 * accordion of questions where many answers may be open at once, and a 'Close All' control that
 * closes every open answer (disabled while none is open).
 */
export function FaqScreen() {
  const content = useLoaderData<ReturnType<typeof createContentLoaders>['faq']>();
  const routeTitle = useRouteTitle();
  const [expanded, setExpanded] = useState<Set<Key>>(() => new Set());
  const title = content.headerTitle || content.title || routeTitle;

  return (
    <article className={page.page}>
      <PageBanner src={content.headerImageUrl} alt={content.headerImageAlt} />
      <div className={page.narrow}>
        <header className={page.header}>
          <h1 className={page.title}>{title}</h1>
          {content.headerContent ? <p className={page.lead}>{content.headerContent}</p> : null}
        </header>
        {content.faqItemList.length ? (
          <section aria-labelledby="faq-questions">
            <div className={styles.toolbar}>
              <h2 id="faq-questions" className={styles.count}>
                {content.faqItemList.length === 1 ? '1 question' : `${content.faqItemList.length} questions`}
              </h2>
              <button type="button" className={page.secondaryButton} disabled={expanded.size === 0} onClick={() => setExpanded(new Set())}>
                Close All
              </button>
            </div>
            <DisclosureGroup
              className={styles.list}
              allowsMultipleExpanded
              expandedKeys={expanded}
              onExpandedChange={(keys) => setExpanded(new Set(keys))}
            >
              {content.faqItemList.map((item) => (
                <Disclosure key={item.id} id={item.id} className={styles.item}>
                  <Heading level={3} className={styles.question}>
                    <Button slot="trigger" className={styles.trigger}>
                      <span>{item.question}</span>
                      <ChevronDownIcon className={styles.chevron} width={20} height={20} />
                    </Button>
                  </Heading>
                  <DisclosurePanel className={styles.panel}>
                    <p className={styles.answer}>{item.answer}</p>
                  </DisclosurePanel>
                </Disclosure>
              ))}
            </DisclosureGroup>
          </section>
        ) : null}
      </div>
    </article>
  );
}
