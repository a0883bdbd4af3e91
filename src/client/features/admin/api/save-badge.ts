import type { AdminBadgeView } from '@shared/api-types';
import type { BadgeInput } from '@shared/domain/schemas';
import { api } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';
import { useAdminMutation } from './admin-mutation';

export interface SaveBadgeInput {
  /** The badge to change; a new badge without it. */
  id?: number;
  form: BadgeInput;
}

/** POST /api/admin/badges, or PUT /api/admin/badges/:id. */
export function saveBadge(input: SaveBadgeInput): Promise<AdminBadgeView> {
  return input.id
    ? api.put<AdminBadgeView>(`/api/admin/badges/${input.id}`, input.form)
    : api.post<AdminBadgeView>('/api/admin/badges', input.form);
}

/**
 * One hook for both dialogs: `editing` (an Edit Badge dialog, not Create Badge) picks the messages,
 * known before the call as the badge's id is.
 */
export const useSaveBadge = (editing: boolean) =>
  useAdminMutation(
    saveBadge,
    [queryKeys.admin.badges],
    editing
      ? { success: 'badgeUpdated', error: 'updateBadgeFailed' }
      : { success: 'badgeCreated', error: 'createBadgeFailed' },
  );
