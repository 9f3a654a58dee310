import { FOOTER_YEAR } from '@campus/contract';
import { Link } from 'react-router';
import { paths } from '@/config/paths.ts';
import { siteName, useCampus } from '@/lib/campus.ts';
import styles from './footer.module.css';

const LINKS = [
  { label: 'Terms of Service', to: paths.settings.terms.getHref() },
  { label: 'Trust/Safety', to: paths.settings.trustAndSafety.getHref() },
  { label: 'Returns', to: paths.settings.returns.getHref() },
  { label: 'About', to: paths.settings.about.getHref() },
  { label: 'Help', to: paths.settings.help.getHref() },
] as const;

export function Footer({ className }: { className?: string }) {
  const campus = useCampus();
  return (
    <footer className={[styles.footer, className].filter(Boolean).join(' ')}>
      <ul className={styles.links} aria-label="Site information">
        {LINKS.map((link) => (
          <li key={link.to}>
            <Link to={link.to}>{link.label}</Link>
          </li>
        ))}
      </ul>
      <p>
        © {FOOTER_YEAR} {siteName(campus)}
      </p>
    </footer>
  );
}
