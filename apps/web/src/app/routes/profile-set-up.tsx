import { useNavigate, useSearchParams } from 'react-router';
import { ButtonLink } from '@/components/ui/button.tsx';
import { Modal, ModalPage, useGoBack } from '@/components/ui/modal.tsx';
import { type ProfileSetUpOrigin, paths } from '@/config/paths.ts';
import {
  FINISH_LABELS,
  ProfileSetUpFlow,
  parseOrigin,
  STEP_TITLES,
  useProfileSetUpState,
} from '@/features/profile-setup/components/profile-set-up-flow.tsx';
import { MEDIA, useMediaQuery } from '@/lib/media-query.ts';
import { useViewer, type Viewer } from '@/lib/viewer.ts';
import { AppShell } from '../layout/app-shell.tsx';

/** Where set-up returns when the address has no goBack: the place its origin names. */
function fallbackFor(origin: ProfileSetUpOrigin, viewer: Viewer): string {
  if (origin === 'profile') return paths.profile.getHref(viewer.username);
  if (origin === 'post') return paths.createPost.getHref();
  return paths.home.getHref();
}

/**
 * /profile/set-up?origin=home|profile|post&goBack=/path (docs/product/profiles.md#profile-set-up). A dialog over the app
 * on desktop; a page of its own at 769 px and below (the modal system's full-page form).
 * Closing it, or its last button, returns to goBack, else to the place the origin names.
 */
export function Component() {
  const viewer = useViewer();
  // Under RequireViewer('verified'): never null here.
  if (!viewer) return null;
  return <ProfileSetUpPage viewer={viewer} />;
}

function ProfileSetUpPage({ viewer }: { viewer: Viewer }) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const isPhone = useMediaQuery(MEDIA.mobile);
  const origin = parseOrigin(params.get('origin'));
  const fallback = fallbackFor(origin, viewer);
  const backTo = useGoBack(fallback);
  const state = useProfileSetUpState(viewer);
  const title = STEP_TITLES[state.step];

  const flow = (
    <ProfileSetUpFlow
      viewer={viewer}
      state={state}
      finishAction={
        <ButtonLink to={backTo} size="lg" block>
          {FINISH_LABELS[origin]}
        </ButtonLink>
      }
    />
  );

  if (isPhone) {
    return (
      <ModalPage title={title} fallback={fallback}>
        {flow}
      </ModalPage>
    );
  }
  return (
    <>
      {/* The app stays visible, dimmed, behind the dialog. */}
      <AppShell />
      <Modal
        open
        onOpenChange={(open) => {
          if (!open && !state.busy) navigate(backTo);
        }}
        title={title}
      >
        {flow}
      </Modal>
    </>
  );
}
