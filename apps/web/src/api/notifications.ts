import type { NotificationList, NotificationReadBody } from '@gewst/domain';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from './client';

/** How often the bell asks for new notifications (they are computed on the server per request). */
export const NOTIFICATION_POLL_MS = 60_000;

export const notificationKeys = { all: ['notifications'] as const };

export const notificationsQuery = () =>
  queryOptions({
    queryKey: notificationKeys.all,
    queryFn: () => api.get<NotificationList>('notifications'),
    refetchInterval: NOTIFICATION_POLL_MS,
    refetchOnWindowFocus: true,
  });

export function useMarkNotificationsRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: NotificationReadBody) => api.post<{ marked: number }>('notifications/read', body),
    onSuccess: () => client.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
