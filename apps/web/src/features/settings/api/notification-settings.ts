import {
  type NotificationKind,
  type NotificationSettings,
  NotificationSettingsSchema,
  type PushDevice,
  PushDeviceListSchema,
  PushDeviceSchema,
  UnsubscribeResponseSchema,
  type UpdateNotificationSettingsBody,
} from '@campus/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** GET /api/me/notification-settings (docs/product/notifications.md). */
async function getSettings({ signal }: { signal?: AbortSignal } = {}): Promise<NotificationSettings> {
  return NotificationSettingsSchema.parse(await api.get<unknown>('/api/me/notification-settings', { signal }));
}

const notificationSettingsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.notificationSettings.settings, queryFn: ({ signal }) => getSettings({ signal }) });

export function useNotificationSettingsQuery() {
  return useQuery(notificationSettingsQueryOptions());
}

/**
 * PATCH /api/me/notification-settings: the switch shows its new state at once and goes back
 * when the server refuses; the answer (all settings) replaces the cache.
 */
export function useUpdateNotificationSettings() {
  const queryClient = useQueryClient();
  const key = queryKeys.notificationSettings.settings;
  return useMutation({
    mutationFn: async (body: UpdateNotificationSettingsBody) =>
      NotificationSettingsSchema.parse(await api.patch<unknown>('/api/me/notification-settings', body)),
    onMutate: async (body) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<NotificationSettings>(key);
      if (before) {
        queryClient.setQueryData<NotificationSettings>(key, {
          emailNotifications: body.emailNotifications ?? before.emailNotifications,
          email: { ...before.email, ...body.email },
          pushPreviews: body.pushPreviews ?? before.pushPreviews,
        });
      }
      return { before };
    },
    onError: (_error, _body, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
    },
    onSuccess: (settings) => queryClient.setQueryData(key, settings),
  });
}

/** GET /api/push/devices: the viewer's devices that receive push (served by the push module). */
async function getDevices({ signal }: { signal?: AbortSignal } = {}): Promise<PushDevice[]> {
  return PushDeviceListSchema.parse(await api.get<unknown>('/api/push/devices', { signal })).devices;
}

export function usePushDevicesQuery() {
  return useQuery({
    queryKey: queryKeys.notificationSettings.devices,
    queryFn: ({ signal }) => getDevices({ signal }),
    retry: false,
  });
}

/** PATCH /api/push/devices/:id: one device's push per kind. */
export function useUpdatePushDevice() {
  const queryClient = useQueryClient();
  const key = queryKeys.notificationSettings.devices;
  return useMutation({
    mutationFn: async ({ id, kinds }: { id: string; kinds: Partial<Record<NotificationKind, boolean>> }) =>
      PushDeviceSchema.parse(await api.patch<unknown>(`/api/push/devices/${encodeURIComponent(id)}`, { kinds })),
    onMutate: async ({ id, kinds }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<PushDevice[]>(key);
      if (before) {
        queryClient.setQueryData<PushDevice[]>(
          key,
          before.map((d) => (d.id === id ? { ...d, kinds: { ...d.kinds, ...kinds } } : d)),
        );
      }
      return { before };
    },
    onError: (_error, _vars, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
    },
    onSuccess: (device) =>
      queryClient.setQueryData<PushDevice[]>(key, (list) => list?.map((d) => (d.id === device.id ? device : d))),
  });
}

/** GET /api/unsubscribe?token=: which kind of email the link turns off (400 UNSUBSCRIBE_INVALID). */
export function useUnsubscribeCheck(token: string) {
  return useQuery({
    queryKey: queryKeys.notificationSettings.unsubscribe(token),
    queryFn: async ({ signal }) =>
      UnsubscribeResponseSchema.parse(await api.get<unknown>('/api/unsubscribe', { query: { token }, signal })),
    enabled: token !== '',
    retry: false,
  });
}

/** POST /api/unsubscribe?token=: turns that kind's email off; works signed out. */
export function useUnsubscribe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (token: string) =>
      UnsubscribeResponseSchema.parse(await api.post<unknown>('/api/unsubscribe', undefined, { query: { token } })),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.notificationSettings.settings }),
  });
}
