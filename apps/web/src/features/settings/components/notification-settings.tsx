import {
  NOTIFICATION_KIND_TEXTS,
  NOTIFICATION_KINDS,
  type NotificationKind,
  type PushDevice,
  NOTIFICATION_SETTINGS_TEXTS as TEXTS,
} from '@campus/contract';
import { useEffect, useId, useState } from 'react';
import { useAlert } from '@/components/ui/alert-provider.tsx';
import { ErrorState } from '@/components/ui/list-states.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import {
  useNotificationSettingsQuery,
  usePushDevicesQuery,
  useUpdateNotificationSettings,
  useUpdatePushDevice,
} from '../api/notification-settings.ts';
import styles from './notification-settings.module.css';

/** A labelled on/off switch (a checkbox with the switch role: Space toggles it, its state is read out). */
function Switch({
  label,
  checked,
  disabled,
  onChange,
  hideLabel = false,
}: {
  label: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
  hideLabel?: boolean;
}) {
  return (
    <label className={styles.switch}>
      <span className={hideLabel ? 'visually-hidden' : styles.switchLabel}>{label}</span>
      <input
        type="checkbox"
        role="switch"
        aria-checked={checked}
        className={styles.switchInput}
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.currentTarget.checked)}
      />
      <span className={styles.switchTrack} aria-hidden="true">
        <span className={styles.switchThumb} />
      </span>
    </label>
  );
}

/** The endpoint of this browser's push subscription, to mark 'This device' (none where push is unsupported). */
function useThisDeviceEndpoint(): string | null {
  const [endpoint, setEndpoint] = useState<string | null>(null);
  useEffect(() => {
    if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
    let live = true;
    void navigator.serviceWorker
      .getRegistration()
      .then((registration) => registration?.pushManager?.getSubscription())
      .then((subscription) => {
        if (live && subscription) setEndpoint(subscription.endpoint);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return endpoint;
}

function DeviceRow({ device, current }: { device: PushDevice; current: boolean }) {
  const update = useUpdatePushDevice();
  const { showAlert } = useAlert();
  const headingId = useId();
  const handleChange = (kind: NotificationKind, on: boolean) =>
    update.mutate(
      { id: device.id, kinds: { [kind]: on } },
      { onError: () => showAlert(TEXTS.saveFailed, { type: 'danger' }) },
    );
  return (
    <li className={styles.device} aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.deviceName}>
        {device.label}
        {current && <span className={styles.badge}>{TEXTS.thisDevice}</span>}
      </h3>
      <ul className={styles.deviceKinds}>
        {NOTIFICATION_KINDS.map((kind) => (
          <li key={kind}>
            <Switch
              label={NOTIFICATION_KIND_TEXTS[kind].title}
              checked={device.kinds[kind]}
              onChange={(on) => handleChange(kind, on)}
            />
          </li>
        ))}
      </ul>
    </li>
  );
}

function PushDevices() {
  const devices = usePushDevicesQuery();
  const thisDevice = useThisDeviceEndpoint();
  if (devices.isPending) return <Skeleton width="60%" height={16} />;
  // Without the devices (the push service is not reachable), the rest of the page still works.
  if (devices.isError || devices.data.length === 0) return <p className={styles.help}>{TEXTS.noDevices}</p>;
  return (
    <ul className={styles.devices}>
      {devices.data.map((device) => (
        <DeviceRow key={device.id} device={device} current={device.endpoint === thisDevice} />
      ))}
    </ul>
  );
}

function PageSkeleton() {
  return (
    <div className={styles.body} aria-busy="true">
      {[0, 1, 2, 3].map((i) => (
        <div key={i} className={styles.kindRow}>
          <Skeleton width="40%" height={16} />
          <Skeleton width="70%" height={12} />
        </div>
      ))}
    </div>
  );
}

/**
 * Settings > Notifications (docs/product/notifications.md): the master email switch (the
 * account's email_notifications), then per kind: in-app always, email on or off; and push per
 * device, with the lock-screen previews switch. Each switch saves at once.
 */
export function NotificationSettingsPage() {
  const query = useNotificationSettingsQuery();
  const update = useUpdateNotificationSettings();
  const { showAlert } = useAlert();
  if (query.isPending) return <PageSkeleton />;
  if (query.isError) {
    return <ErrorState onRetry={() => void query.refetch()} retrying={query.isFetching} body={TEXTS.saveFailed} />;
  }
  const settings = query.data;
  const save = (body: Parameters<typeof update.mutate>[0]) =>
    update.mutate(body, { onError: () => showAlert(TEXTS.saveFailed, { type: 'danger' }) });

  return (
    <div className={styles.body}>
      <p className={styles.intro}>{TEXTS.intro}</p>
      <section className={styles.card} aria-labelledby="email-master">
        <div className={styles.masterRow}>
          <div className={styles.rowText}>
            <h2 id="email-master" className={styles.rowTitle}>
              {TEXTS.masterEmail}
            </h2>
            <p className={styles.help}>{TEXTS.masterEmailHelp}</p>
          </div>
          <Switch
            label={TEXTS.masterEmail}
            hideLabel
            checked={settings.emailNotifications}
            onChange={(on) => save({ emailNotifications: on })}
          />
        </div>
      </section>

      <section className={styles.card} aria-labelledby="by-kind">
        <h2 id="by-kind" className="visually-hidden">
          {TEXTS.title}
        </h2>
        <ul className={styles.kinds}>
          {NOTIFICATION_KINDS.map((kind) => (
            <li key={kind} className={styles.kindRow}>
              <div className={styles.rowText}>
                <h3 className={styles.rowTitle}>{NOTIFICATION_KIND_TEXTS[kind].title}</h3>
                <p className={styles.help}>{NOTIFICATION_KIND_TEXTS[kind].description}</p>
              </div>
              <div className={styles.channels}>
                <span className={styles.channel}>
                  <span className={styles.channelName}>{TEXTS.inApp}</span>
                  <span className={styles.always}>{TEXTS.inAppAlways}</span>
                </span>
                <span className={styles.channel}>
                  <Switch
                    label={`${TEXTS.email}: ${NOTIFICATION_KIND_TEXTS[kind].title}`}
                    hideLabel
                    checked={settings.emailNotifications && settings.email[kind]}
                    disabled={!settings.emailNotifications}
                    onChange={(on) => save({ email: { [kind]: on } })}
                  />
                  <span className={styles.channelName} aria-hidden="true">
                    {TEXTS.email}
                  </span>
                </span>
              </div>
            </li>
          ))}
        </ul>
      </section>

      <section className={styles.card} aria-labelledby="push-title">
        <h2 id="push-title" className={styles.cardTitle}>
          {TEXTS.push}
        </h2>
        <div className={styles.masterRow}>
          <div className={styles.rowText}>
            <span className={styles.rowTitle}>{TEXTS.previews}</span>
            <p className={styles.help}>{TEXTS.previewsHelp}</p>
          </div>
          <Switch
            label={TEXTS.previews}
            hideLabel
            checked={settings.pushPreviews}
            onChange={(on) => save({ pushPreviews: on })}
          />
        </div>
        <h3 className={styles.subTitle}>{TEXTS.devices}</h3>
        <PushDevices />
      </section>
    </div>
  );
}
