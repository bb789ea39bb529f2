import 'antd-mobile/es/components/nav-bar/nav-bar.css';
import type { ReactNode } from 'react';
import { T } from '@/shared/i18n/zh-cn';
import { PATH } from '@/shared/routes/paths';
import { useLocation, useNavigate } from '@/shared/routes/router/react';
import { IconChevronLeft } from '@/shared/ui/page-icons';
import styles from './page-nav-bar.module.css';

interface PageNavBarProps {
  title: ReactNode;
  right?: ReactNode;
  /** Where back goes instead of the previous page. */
  backTo?: string;
}

/**
 * The back-arrow title bar of a full-screen page; back leaves to home when the page was opened directly.
 * antd-mobile's NavBar look (its classes), but its back arrow is a real button named 返回: the
 * component's own is a nameless role="button" (its text is aria-hidden).
 */
export function PageNavBar({ title, right, backTo }: PageNavBarProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const onBack = () => {
    if (backTo) navigate(backTo, { replace: true });
    else if (location.key !== 'default') navigate(-1);
    else navigate(PATH.home, { replace: true });
  };
  return (
    <div className={`adm-nav-bar ${styles.bar}`}>
      <div className="adm-nav-bar-left">
        <button
          type="button"
          className={`adm-nav-bar-back ${styles.back}`}
          onClick={onBack}
          aria-label={T.back}
        >
          <span className="adm-nav-bar-back-arrow">
            <IconChevronLeft />
          </span>
        </button>
      </div>
      <div className="adm-nav-bar-title">
        <h1 className="app-nav-title">{title}</h1>
      </div>
      <div className="adm-nav-bar-right">{right}</div>
    </div>
  );
}
