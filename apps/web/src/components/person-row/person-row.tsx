import { Link } from 'react-router';
import { Avatar } from '@/components/ui/avatar.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { paths } from '@/config/paths.ts';
import styles from './person-row.module.css';

interface Person {
  username: string;
  firstName: string;
  lastName: string;
  img: string | null;
}

/** One person in a list of people (search's People tab, 'Liked by'): picture, name, @username, to their profile. */
export function PersonRow({ person }: { person: Person }) {
  return (
    <Link className={styles.person} to={paths.profile.getHref(person.username)}>
      <Avatar src={person.img} size={44} />
      <span className={styles.text}>
        <span className={styles.name}>
          {person.firstName} {person.lastName}
        </span>
        <span className={styles.username}>@{person.username}</span>
      </span>
    </Link>
  );
}

/** `count` rows shaped like PersonRow while a list of people loads. */
export function PeopleSkeleton({ count }: { count: number }) {
  return (
    <div aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders never reorder
        <div key={i} className={styles.skeletonRow}>
          <Skeleton circle width={44} height={44} />
          <span className={styles.skeletonText}>
            <Skeleton width="40%" height={14} />
            <Skeleton width="25%" height={12} />
          </span>
        </div>
      ))}
    </div>
  );
}
