import { useCampus } from '@/lib/campus.ts';
import { isMemberOf, useViewer } from '@/lib/viewer.ts';

/**
 * Whether the viewer may report something by `authorId` (docs/product/moderation.md#reporting): a
 * member of this campus, and never their own (the server refuses both too).
 */
export function useCanReport(authorId: string): boolean {
  const viewer = useViewer();
  const campus = useCampus();
  return isMemberOf(viewer, campus) && viewer?.id !== authorId;
}
