import { useRouteMeta } from '@/shared/routes/use-route-meta';
import { PageNavBar } from './page-nav-bar';
import styles from './placeholder-page.module.css';

/**
 * Stands in for a page a later issue builds: a plain page with its Chinese title and a back arrow.
 * Each route that uses it gets its feature's page when that issue lands.
 */
export function PlaceholderPage() {
  const meta = useRouteMeta();
  return (
    <>
      <PageNavBar title={meta?.title ?? ''} />
      <section className={styles.body} />
    </>
  );
}
