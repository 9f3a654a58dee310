import { paths } from '@/config/paths.ts';
import { PaymentsPage } from '@/features/ads/components/payments-page.tsx';
import { TitleHeader } from '../../layout/headers/title-header.tsx';

/** /settings/payments (docs/product/profiles.md#payments-page); back to the menu at ≤ 1000 px. */
export function Component() {
  return (
    <section>
      <TitleHeader title="Payments" back={{ to: paths.settings.root.getHref(), below: 'tablet' }} />
      <PaymentsPage />
    </section>
  );
}
