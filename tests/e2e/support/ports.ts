const appPort = Number(process.env.E2E_PORT ?? 3199);
const smtpPort = Number(process.env.E2E_SMTP_PORT ?? 2599);
const mailboxPort = Number(process.env.E2E_MAILBOX_PORT ?? 2598);

export const E2E = {
  appPort,
  smtpPort,
  mailboxPort,
  baseUrl: `http://127.0.0.1:${appPort}`,
  mailboxUrl: `http://127.0.0.1:${mailboxPort}`,
  adminEmail: 'coach@e2e.test',
  /**
   * Admins of one journey each (ADMIN_EMAILS beside adminEmail): only that journey asks their codes,
   * so no other journey's request replaces the code it was mailed (a shared address's race).
   */
  journeyAdmins: {
    billingCoupon: 'coach-billing-coupon@e2e.test',
    billingPricing: 'coach-billing-pricing@e2e.test',
    billingExpired: 'coach-billing-expired@e2e.test',
    billingComp: 'coach-billing-comp@e2e.test',
  },
  /** The app's AUTH_SECRET, so a journey can build a link the server signs (a nudge's unsubscribe link). */
  authSecret: 'e2e-auth-secret-0123456789abcdefghijkl',
  billingContact: 'help@e2e.test',
};
