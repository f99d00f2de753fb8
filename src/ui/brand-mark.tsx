import styles from './brand-mark.module.css';

/** The product's mark (the favicon's shield), in the theme's colours: it reads in both themes. */
export function BrandMark({ size = 28 }: { size?: number }) {
  return (
    <svg
      className={styles.mark}
      viewBox="0 0 32 32"
      aria-hidden="true"
      focusable="false"
      width={size}
      height={size}
    >
      <path
        className={styles.shield}
        d="M16 2 4 6.5v8.2c0 7.4 5.1 14.3 12 16.3 6.9-2 12-8.9 12-16.3V6.5z"
      />
      <path className={styles.tick} d="m13.6 20.6-4.3-4.3 1.9-1.9 2.4 2.4 7.2-7.2 1.9 1.9z" />
    </svg>
  );
}
