import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '@/config/paths.ts';
import { MEDIA, matchesMedia } from '@/lib/media-query.ts';
import { composerUiStore } from '../lib/composer-store.ts';
import { loadEditDialog } from '../lib/load.ts';

/**
 * Opens the editor of one's own listing (docs/product/selling.md#editing-a-listing): a dialog on
 * wide screens, /post/{id}/edit with goBack at 769 px and below. Only owners are offered it; the
 * server answers everyone else with the missing post anyway.
 */
export function useListingEditor(): { open: (postId: string) => void } {
  const navigate = useNavigate();
  const location = useLocation();
  const open = useCallback(
    (postId: string) => {
      if (matchesMedia(MEDIA.mobile)) {
        navigate(paths.postEdit.getHref(postId, { goBack: `${location.pathname}${location.search}` }));
        return;
      }
      loadEditDialog().catch(() => {});
      const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      composerUiStore.openEdit(postId, opener);
    },
    [navigate, location.pathname, location.search],
  );
  return useMemo(() => ({ open }), [open]);
}
