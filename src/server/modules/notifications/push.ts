import { and, desc, eq, notInArray } from 'drizzle-orm';
import { MAX_PUSH_SUBSCRIPTIONS } from '@shared/constants';
import type { PushKeyResponse, OkResponse } from '@shared/api-types';
import type { PushSubscriptionData } from '@shared/domain/schemas';
import { msg } from '@shared/messages';
import { pushSubscriptions } from '../../db/schema';
import { requireMember, withTransaction, type ServiceContext } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { isAllowedPushEndpoint, vapidKeys } from '../../lib/push';

// Push nudges per device (decision 0020): the member's browser subscribes with our VAPID public key
// and hands us the endpoint and keys; the reminder job sends to every device of members with push on.

/** The VAPID public key the browser needs to subscribe. */
export async function getPushKey(ctx: ServiceContext): Promise<PushKeyResponse> {
  requireMember(ctx);
  return { publicKey: (await vapidKeys(ctx)).publicKey };
}

/**
 * Stores this device's subscription for the signed-in member. Only https endpoints of known push
 * services are accepted (the server will POST to it). An endpoint already stored moves to this member
 * (a browser shared by two accounts delivers to the one signed in last); past the device cap, the
 * oldest subscription goes.
 */
export async function subscribePush(
  ctx: ServiceContext,
  input: PushSubscriptionData,
): Promise<OkResponse> {
  const member = requireMember(ctx);
  if (!isAllowedPushEndpoint(input.endpoint)) {
    ctx.logger.warn({ userId: member.userId }, 'push subscription refused: unknown push service');
    throw new AppError('validation_failed', msg.pushEndpointRefused, {
      fields: { endpoint: msg.pushEndpointRefused },
    });
  }
  await withTransaction(ctx, async (tx) => {
    await tx.db
      .insert(pushSubscriptions)
      .values({
        userId: member.userId,
        endpoint: input.endpoint,
        p256dh: input.keys.p256dh,
        auth: input.keys.auth,
        createdAt: tx.now(),
      })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: {
          userId: member.userId,
          p256dh: input.keys.p256dh,
          auth: input.keys.auth,
          createdAt: tx.now(),
        },
      });
    const keep = tx.db
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, member.userId))
      .orderBy(desc(pushSubscriptions.createdAt))
      .limit(MAX_PUSH_SUBSCRIPTIONS);
    await tx.db
      .delete(pushSubscriptions)
      .where(
        and(eq(pushSubscriptions.userId, member.userId), notInArray(pushSubscriptions.id, keep)),
      );
  });
  return { ok: true };
}

/** Forgets this device's subscription (push nudges turned off here, or the browser dropped it). */
export async function unsubscribePush(
  ctx: ServiceContext,
  input: { endpoint: string },
): Promise<OkResponse> {
  const member = requireMember(ctx);
  await ctx.db
    .delete(pushSubscriptions)
    .where(
      and(
        eq(pushSubscriptions.userId, member.userId),
        eq(pushSubscriptions.endpoint, input.endpoint),
      ),
    );
  return { ok: true };
}
