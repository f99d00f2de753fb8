import { EXTERNAL_LINKS, PRODUCT_NAME } from '../lib/constants';
import { ReportBugButton } from '../ui/report-bug-button';
import styles from './app-shell.module.css';

/** Docs, Privacy Policy, Terms, the bug report and the year (SPEC §2 shell). Plain elements with
 * static classes (app-shell.module.css): it is on every signed-in page. */
export function Footer() {
  return (
    <footer className={styles.footer}>
      <div className={`${styles.container} ${styles.footerLinks}`}>
        <FooterLink href={EXTERNAL_LINKS.docs}>Docs</FooterLink>
        <FooterLink href={EXTERNAL_LINKS.privacy}>Privacy Policy</FooterLink>
        <FooterLink href={EXTERNAL_LINKS.terms}>Terms</FooterLink>
        <ReportBugButton />
        <p className={styles.copyright}>
          © {new Date().getFullYear()} {PRODUCT_NAME}
        </p>
      </div>
    </footer>
  );
}

/** An external link: a new tab, rel="noopener noreferrer" (as ExternalLink, without MUI). */
function FooterLink({ href, children }: { href: string; children: string }) {
  return (
    <a className={styles.footerLink} href={href} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  );
}
