import { AD_MESSAGES, ADS, type AdGoal, boostPriceCents, type CTA_LABELS, DEFAULT_CTA_LABEL } from '@campus/contract';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { useAlert } from '@/components/ui/alert-provider.tsx';
import { paths } from '@/config/paths.ts';
import { ApiError } from '@/lib/api-client.ts';
import { useForm } from '@/lib/use-form.ts';
import { useStartBoost } from '../api/start-boost.ts';
import { boostFieldSchema } from '../lib/boost-form.ts';
import { goTo } from '../lib/go-to.ts';

const FORM_SCHEMAS = { url: boostFieldSchema('url'), label: boostFieldSchema('label') };

/**
 * The boost form's state (docs/product/boosting.md#boost-rules): the goal, the website and button label a website goal
 * needs (the contract's messages), the days or 'Run until paused', the price they make, and
 * what Boost Post sends: checkout on success, else the refusal the spec words for it. The
 * view (components/boost-form.tsx) only draws.
 */
export function useBoostForm(postId: string) {
  const [goal, setGoal] = useState<AdGoal>('website');
  const [days, setDays] = useState<number>(ADS.defaultDays);
  const [runUntilPause, setRunUntilPause] = useState(false);
  const form = useForm<'url' | 'label'>({ initial: { url: '', label: DEFAULT_CTA_LABEL }, schemas: FORM_SCHEMAS });
  const start = useStartBoost(postId);
  const { showAlert } = useAlert();
  const navigate = useNavigate();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (start.isPending) return;
    if (goal === 'website' && !form.validate(['url', 'label'])) return;
    const body =
      goal === 'website'
        ? {
            goal,
            url: form.values.url.trim(),
            label: form.values.label as (typeof CTA_LABELS)[number],
            days,
            runUntilPause,
          }
        : { goal, days, runUntilPause };
    start.mutate(body, {
      onSuccess: ({ url }) => {
        showAlert(AD_MESSAGES.processing, { type: 'okay' });
        goTo(url, navigate);
      },
      onError: (error) => {
        if (error instanceof ApiError) {
          if (error.code === 'ALREADY_BOOSTED') {
            navigate(paths.post.getHref(postId), { replace: true });
            return;
          }
          if (error.status === 401) {
            showAlert(AD_MESSAGES.notAuthenticated, { type: 'danger' });
            return;
          }
          if (
            error.code === 'CHECKOUT_FAILED' ||
            error.code === 'VALIDATION_FAILED' ||
            error.code === 'PAYMENTS_NOT_CONFIGURED'
          ) {
            showAlert(error.message, { type: 'danger' });
            return;
          }
          showAlert(AD_MESSAGES.createFailed, { type: 'danger' });
          return;
        }
        // An answer without a checkout link (docs/product/boosting.md#boosting-messages: a browser alert).
        window.alert(AD_MESSAGES.signInAgain);
      },
    });
  };

  /** A new label clears the label's error. */
  const setLabel = (label: string) => {
    form.setValue('label', label);
    if (form.errors.label) form.setError('label', null);
  };

  return {
    goal,
    setGoal,
    days,
    setDays,
    runUntilPause,
    setRunUntilPause,
    priceCents: boostPriceCents({ days, runUntilPause }),
    urlField: form.field('url'),
    label: form.values.label,
    labelError: form.errors.label,
    setLabel,
    pending: start.isPending,
    onSubmit,
  };
}
