import { AtSign, Lock, Mail, MapPin, Share2, Users } from 'lucide-react';
import { useAuthModal } from '@/components/auth-modal/index.ts';
import { CampusLogo } from '@/components/campus-logo.tsx';
import { useAlert } from '@/components/ui/alert-provider.tsx';
import { Button } from '@/components/ui/button.tsx';
import { siteName, useCampus } from '@/lib/campus.ts';
import { formatCount } from '@/lib/format.ts';
import { useViewer } from '@/lib/viewer.ts';
import styles from './right-panels.module.css';

function memberLabel(count: number): string {
  return `${formatCount(count)} ${count === 1 ? 'member' : 'members'}`;
}

function ShareGroupButton() {
  const campus = useCampus();
  const { showAlert } = useAlert();
  const handleShare = async () => {
    try {
      await navigator.clipboard.writeText(campus.siteUrl);
      showAlert('Copied to clipboard');
    } catch {
      showAlert('Something went wrong', { type: 'danger' });
    }
  };
  return (
    <Button variant="secondary" block onClick={handleShare}>
      <Share2 size={18} aria-hidden="true" />
      Share Group
    </Button>
  );
}

export function AboutGroupPanel() {
  const campus = useCampus();
  const viewer = useViewer();
  const authModal = useAuthModal();
  const location = [campus.location.city, campus.location.state].filter(Boolean).join(', ');
  return (
    <section className={styles.panel} aria-labelledby="about-group-title">
      <h2 id="about-group-title" className={styles.title}>
        About This Group
      </h2>
      <div className={styles.identity}>
        <CampusLogo className={styles.logo} size={48} decorative />
        <p className={styles.name}>{siteName(campus)}</p>
      </div>
      <ul className={styles.facts}>
        {campus.memberCount > 0 && (
          <li className={styles.fact}>
            <Users size={18} aria-hidden="true" />
            {memberLabel(campus.memberCount)}
          </li>
        )}
        {location && (
          <li className={styles.fact}>
            <MapPin size={18} aria-hidden="true" />
            {location}
          </li>
        )}
        {campus.privacy === 'private' && (
          <li className={styles.fact}>
            <Lock size={18} aria-hidden="true" />
            Private community
          </li>
        )}
      </ul>
      {viewer ? (
        <ShareGroupButton />
      ) : (
        <Button block onClick={() => authModal.open('join campus')}>
          Join Group
        </Button>
      )}
    </section>
  );
}

export function ContactPanel() {
  const campus = useCampus();
  return (
    <section className={styles.panel} aria-labelledby="contact-us-title">
      <h2 id="contact-us-title" className={styles.title}>
        Contact Us
      </h2>
      <ul className={styles.contacts}>
        <li>
          <a className={styles.contact} href={`mailto:${campus.supportEmail}`}>
            <span className={styles.contactIcon}>
              <Mail size={18} aria-hidden="true" />
            </span>
            <span className={styles.contactText}>
              <span className={styles.contactLabel}>Email support</span>
              <span className={styles.contactValue}>{campus.supportEmail}</span>
            </span>
          </a>
        </li>
        <li>
          <a
            className={styles.contact}
            href={`https://instagram.com/${campus.instagram}`}
            target="_blank"
            rel="noopener noreferrer"
          >
            <span className={styles.contactIcon}>
              <AtSign size={18} aria-hidden="true" />
            </span>
            <span className={styles.contactText}>
              <span className={styles.contactLabel}>Direct message on Instagram</span>
              <span className={styles.contactValue}>@{campus.instagram}</span>
            </span>
          </a>
        </li>
      </ul>
    </section>
  );
}
