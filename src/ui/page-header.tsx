import type { ReactNode } from 'react';
import styles from './page-header.module.css';

/**
 * A screen's h1 with an optional status beside it (e.g. when it was last updated), an optional
 * subtitle and its actions on the right (stacked on phones). Plain elements with static classes
 * (page-header.module.css): every page has one.
 */
export function PageHeader({
  title,
  status,
  subtitle,
  actions,
}: {
  title: ReactNode;
  status?: ReactNode;
  subtitle?: ReactNode;
  actions?: ReactNode;
}) {
  const heading = <h1 className={styles.title}>{title}</h1>;
  return (
    <div className={styles.header}>
      <div className={styles.text}>
        {status ? (
          <div className={styles.titleLine}>
            {heading}
            {status}
          </div>
        ) : (
          heading
        )}
        {subtitle ? <p className={styles.subtitle}>{subtitle}</p> : null}
      </div>
      {actions ? <div className={styles.actions}>{actions}</div> : null}
    </div>
  );
}
