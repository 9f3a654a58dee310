import { Button } from './button.tsx';

const SAVE = 'Save';
const SAVING = 'Saving...';

/**
 * The submit button of every edit form (profile modals, settings forms): 'Save', 'Saving...'
 * while the request runs; disabled while it runs or when there is nothing to save.
 */
export function SaveButton({ pending, disabled = false }: { pending: boolean; disabled?: boolean }) {
  return (
    <Button type="submit" size="lg" block disabled={disabled || pending}>
      {pending ? SAVING : SAVE}
    </Button>
  );
}
