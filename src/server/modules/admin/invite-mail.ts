import { adminInviteMail } from '../../lib/mail-templates/account';
import type { ServiceContext } from '../../lib/context';
import { runWithLocale, scopeLocale } from '../../lib/locale';

/**
 * The admin-invite e-mail (lib/mail-templates/account.ts), sent after the commit that stored the
 * token. In the invitee's language when known (`language`: stored when they opened an earlier
 * invite link), else in the admin's, this request's (decision 0119).
 */
export async function sendAdminInvite(
  ctx: ServiceContext,
  input: {
    to: string;
    userId: string;
    token: string;
    firstName?: string | null;
    language?: string | null;
  },
): Promise<void> {
  const invitedBy = ctx.actor.kind === 'admin' ? ctx.actor.user.displayName : null;
  const mail = runWithLocale(input.language ?? scopeLocale(), () =>
    adminInviteMail(
      { to: input.to, token: input.token, firstName: input.firstName, invitedBy },
      { publicUrl: ctx.config.publicUrl },
    ),
  );
  await ctx.mailer.send({ ...mail, userId: input.userId });
}
