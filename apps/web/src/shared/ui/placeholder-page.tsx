import { useRouteMeta } from '@/shared/routes/use-route-meta';
import { PageNavBar } from './page-nav-bar';
import styles from './placeholder-page.module.css';

/**
 * Stands in for a page a later issue builds: its Chinese title and a back arrow. Each route that
 * uses it is replaced by its feature's page when that issue lands.
 */
export function PlaceholderPage() {
  const meta = useRouteMeta();
  const title = meta?.title ?? '';
  return (
    <>
      <PageNavBar title={title} />
      <section className={styles.body} aria-label={title}>
        <p className={styles.title}>{title}</p>
      </section>
    </>
  );
}

export default PlaceholderPage;
