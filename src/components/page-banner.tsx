import page from './content-page.module.css';

/** The full-width image at the top of a content page (about, contact, FAQ, dealer locator), the page's largest first paint, so fetched first; none without a source. */
export function PageBanner({ src, alt }: { src: string; alt: string }) {
  if (!src) return null;
  return (
    <div className={page.banner}>
      <img className={page.bannerImage} src={src} alt={alt} width={1600} height={500} fetchPriority="high" />
    </div>
  );
}
