import styles from './skip-link.module.css';

export const MAIN_CONTENT_ID = 'main-content';

/**
 * "Skip to main content": the first stop of the keyboard, shown only while it has the focus, past
 * the header's links and buttons to the page itself (WCAG 2.4.1).
 */
export function SkipLink() {
  return (
    <a
      className={styles.skipLink}
      href={`#${MAIN_CONTENT_ID}`}
      onClick={(event) => {
        // The address keeps its route: focus moves to the page's content without a hash.
        event.preventDefault();
        document.getElementById(MAIN_CONTENT_ID)?.focus();
      }}
    >
      Skip to main content
    </a>
  );
}
