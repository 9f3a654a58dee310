import { type CampusSummary, SCHOOL_FINDER_TEXTS } from '@campus/contract';
import type { QueryClient } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useAuthModal } from '@/components/auth-modal/index.ts';
import { Button } from '@/components/ui/button.tsx';
import { paths } from '@/config/paths.ts';
import { campusesQueryOptions, useCampusesQuery } from '@/features/find-school/api/get-campuses.ts';
import { SchoolFinder } from '@/features/find-school/components/school-finder.tsx';
import { SchoolModal } from '@/features/find-school/components/school-modal.tsx';
import { useViewer } from '@/lib/viewer.ts';

export const clientLoader = (queryClient: QueryClient) => async () => {
  await queryClient.prefetchQuery(campusesQueryOptions());
  return null;
};

/**
 * /search_schools — Find Your School (docs/product/search.md#find-your-school), open to everyone. The chosen school lives
 * in the address (?school=ut), so a reload or a shared link reopens its modal, and an address
 * naming no school shows the modal's 'Something went wrong'.
 */
export function Component() {
  const viewer = useViewer();
  const campuses = useCampusesQuery();
  const navigate = useNavigate();
  const authModal = useAuthModal();
  const [params] = useSearchParams();
  const slug = params.get('school');
  const hitButtons = useRef(new Map<string, HTMLButtonElement>());
  const lastSlug = useRef<string | null>(null);

  const school = slug ? (campuses.data?.find((c) => c.slug === slug && !c.isHub) ?? null) : null;
  // Wait for the list before deciding that the school does not exist.
  const open = slug !== null && !campuses.isPending;

  const handleSelect = (picked: CampusSummary) => {
    lastSlug.current = picked.slug;
    navigate(paths.searchSchools.getHref({ school: picked.slug }), { replace: true, preventScrollReset: true });
  };
  const closeSchool = () => navigate(paths.searchSchools.getHref(), { replace: true, preventScrollReset: true });
  const handleOpenChange = (next: boolean) => {
    if (!next) closeSchool();
  };
  // Opened from code, the dialog has no trigger to refocus: give focus back to the hit.
  const handleCloseAutoFocus = (event: Event) => {
    const hit = lastSlug.current ? hitButtons.current.get(lastSlug.current) : undefined;
    if (!hit) return;
    event.preventDefault();
    hit.focus();
  };
  const hitRef = useCallback((key: string, element: HTMLButtonElement | null) => {
    if (element) hitButtons.current.set(key, element);
    else hitButtons.current.delete(key);
  }, []);

  // A visitor signs in first: the school's modal gives way to the sign-in modal for 'join campus'.
  const handleVisitorJoin = () => {
    closeSchool();
    void authModal.open('join campus');
  };
  const visitorJoin = (
    <Button size="lg" block onClick={handleVisitorJoin}>
      {SCHOOL_FINDER_TEXTS.joinCampus}
    </Button>
  );

  return (
    <>
      <SchoolFinder onSelect={handleSelect} hitRef={hitRef} />
      <SchoolModal
        open={open}
        onOpenChange={handleOpenChange}
        school={school}
        viewer={viewer}
        visitorJoin={visitorJoin}
        onCloseAutoFocus={handleCloseAutoFocus}
      />
    </>
  );
}
