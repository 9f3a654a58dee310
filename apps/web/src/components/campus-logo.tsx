import { siteName, useCampus } from '@/lib/campus.ts';

interface CampusLogoProps {
  size?: number;
  /** Decorative when the campus name is written right beside it. */
  decorative?: boolean;
  className?: string;
}

/** The campus monogram served by the API (`/api/campuses/{id}/logo.svg`). */
export function CampusLogo({ size = 40, decorative = false, className }: CampusLogoProps) {
  const campus = useCampus();
  return (
    <img
      className={className}
      src={campus.logoUrl}
      alt={decorative ? '' : `${siteName(campus)} logo`}
      width={size}
      height={size}
      decoding="async"
    />
  );
}
