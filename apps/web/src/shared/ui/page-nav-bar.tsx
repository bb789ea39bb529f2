import NavBar from 'antd-mobile/es/components/nav-bar';
import type { ReactNode } from 'react';
import { PATH } from '@/shared/routes/paths';
import { useLocation, useNavigate } from '@/shared/routes/router/react';
import styles from './page-nav-bar.module.css';

interface PageNavBarProps {
  title: ReactNode;
  right?: ReactNode;
  /** Where back goes instead of the previous page. */
  backTo?: string;
}

/** The back-arrow title bar of a full-screen page; back leaves to home when the page was opened directly. */
export function PageNavBar({ title, right, backTo }: PageNavBarProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const onBack = () => {
    if (backTo) navigate(backTo, { replace: true });
    else if (location.key !== 'default') navigate(-1);
    else navigate(PATH.home, { replace: true });
  };
  return (
    <NavBar className={styles.bar} onBack={onBack} right={right} backIcon>
      <h1 className="app-nav-title">{title}</h1>
    </NavBar>
  );
}
