import Button from 'antd-mobile/es/components/button';
import type { ReactNode } from 'react';
import styles from './gold-button.module.css';

interface GoldButtonProps {
  children: ReactNode;
  onClick?: () => void;
  type?: 'button' | 'submit';
  loading?: boolean;
  disabled?: boolean;
  className?: string;
}

/** The page's main action: a full-width gold pill (立即取款, 立即转账, 确认绑定). */
export function GoldButton({ children, type = 'button', className, ...rest }: GoldButtonProps) {
  return (
    <Button block type={type} className={[styles.button, className].filter(Boolean).join(' ')} {...rest}>
      {children}
    </Button>
  );
}
