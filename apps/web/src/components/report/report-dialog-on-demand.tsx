import { useEffect } from 'react';
import { lazyModule } from '@/lib/lazy-module.ts';
import type { ReportDialogProps } from './report-dialog.tsx';

/**
 * The report sheet's code (its form, the reasons, the moderation texts) is not part of a page of
 * cards: nobody reports most of what they see (docs/decisions/046-landing-javascript.md). A menu
 * that offers Report loads it when it is pointed at or focused (`preloadReportDialog`).
 */
const reportDialog = lazyModule(() => import('./report-dialog.tsx'));

export const preloadReportDialog = (): void => void reportDialog.load().catch(() => {});

/**
 * The report sheet (report-dialog.tsx), fetched when it is first asked to open: it appears as
 * soon as its code is in, as every dialog does before Radix's (components/ui/modal.tsx), and a
 * failed download closes it again, so the next Report tries again.
 */
export function ReportDialog(props: ReportDialogProps) {
  const loaded = reportDialog.useModule();
  const { open, onOpenChange } = props;
  useEffect(() => {
    if (open) reportDialog.load().catch(() => onOpenChange(false));
  }, [open, onOpenChange]);
  return loaded ? <loaded.ReportDialog {...props} /> : null;
}
