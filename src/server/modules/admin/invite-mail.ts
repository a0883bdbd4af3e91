import { adminInviteMail } from '../../lib/mail-templates/account';
import type { ServiceContext } from '../../lib/context';

/** The admin-invite e-mail (lib/mail-templates/account.ts), sent after the commit that stored the token. */
export async function sendAdminInvite(
  ctx: ServiceContext,
  input: { to: string; userId: string; token: string; firstName?: string | null },
): Promise<void> {
  const invitedBy = ctx.actor.kind === 'admin' ? ctx.actor.user.displayName : null;
  const mail = adminInviteMail(
    { to: input.to, token: input.token, firstName: input.firstName, invitedBy },
    { publicUrl: ctx.config.publicUrl },
  );
  await ctx.mailer.send({ ...mail, userId: input.userId });
}
