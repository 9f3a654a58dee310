import { paths } from '@/config/paths.ts';
import { AccountRows } from '@/features/settings/components/account-rows.tsx';
import { TitleHeader } from '../../layout/headers/title-header.tsx';

/** /settings/account (docs/product/profiles.md#account-rows): the rows; back to the menu at ≤ 1000 px. */
export function Component() {
  return (
    <section>
      <TitleHeader title="Account" back={{ to: paths.settings.root.getHref(), below: 'tablet' }} />
      <AccountRows />
    </section>
  );
}
