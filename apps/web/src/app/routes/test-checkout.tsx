import { useParams } from 'react-router';
import { TestCheckoutPage } from '@/features/ads/components/test-checkout-page.tsx';

/** /test-checkout/{sessionId}: the local test checkout, a page of its own outside the shell. */
export function Component() {
  const { sessionId = '' } = useParams();
  return <TestCheckoutPage key={sessionId} sessionId={sessionId} />;
}
