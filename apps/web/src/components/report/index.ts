/** Report anything (docs/product/moderation.md#reporting): the one dialog every Report action opens. */
export { preloadReportDialog, ReportDialog } from './report-dialog-on-demand.tsx';
export { ReportMenu } from './report-menu.tsx';
export { useCanReport } from './use-can-report.ts';
