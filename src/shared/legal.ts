// The legal pages (issue 25 item 13, decision 0037): terms, privacy and the health disclaimer, public
// and prerendered with this default text. The default is a template for the operator to review with
// their own adviser; TERMS_FILE, PRIVACY_FILE and HEALTH_DISCLAIMER_FILE (Markdown) replace it
// (src/server/render/legal-pages.ts).
// Their names and addresses are the page manifest's (src/shared/pages.ts: LEGAL_PAGE_NAMES).
import { CYCLE_LENGTH_DAYS, PRODUCT_NAME, TRIAL_DAYS } from './constants';
import type { LEGAL_PAGE_NAMES } from './pages';

export type LegalPageName = (typeof LEGAL_PAGE_NAMES)[number];

export interface LegalText {
  title: string;
  /** The default text, in Markdown. */
  markdown: string;
}

/**
 * What the prerendered template of a page holds where its text goes (`<p>` + this + `</p>`); the
 * server puts the operator's text there.
 */
export const LEGAL_TEXT_PLACEHOLDER = 'STACKDAYS-LEGAL-TEXT-PLACEHOLDER';

const TEMPLATE_NOTE = `> This is ${PRODUCT_NAME}'s default text, a template. The operator of this site should review it and replace it with their own.`;

const terms = `${TEMPLATE_NOTE}

These terms are the agreement between you and the operator of this ${PRODUCT_NAME} site ("we", "us"). By creating an account you accept them.

## What ${PRODUCT_NAME} is

${PRODUCT_NAME} is a ${CYCLE_LENGTH_DAYS}-day habit and fitness programme: one daily check-in, a community feed, streak badges and workout suggestions. It is a tool to help you show up. It is not medical care. Read the [health disclaimer](/health-disclaimer) before you start.

## Your account

- You must be at least 16 years old, or the age of digital consent where you live.
- Keep your sign-in details to yourself. You are responsible for what happens under your account.
- Give us a real e-mail address: your sign-in codes go there.

## What you share

- You own what you post: check-ins, journals, photos, videos and comments. You give us the right to store and show it to other members, as the app describes, so the service can work.
- Post only what is yours to share. No harassment, hate, nudity, spam or anything illegal. Do not post other people without their consent.
- Members can report posts. We may hide posts and close accounts that break these rules.

## Payment

After a free trial of ${TRIAL_DAYS} days, ${PRODUCT_NAME} is a paid subscription, monthly or yearly, at the prices shown on the pricing page. A subscription renews until you cancel it; cancelling stops the next renewal. Free months from coupons and invites are added to your account as described when you redeem them.

## Ending

You can download your data and delete your account at any time in Settings. We may end the service or an account with notice, except where the law or a serious breach of these terms requires us to act at once.

## Limits

The service is provided as it is. To the extent the law allows, we are not liable for indirect losses, or for injury from exercise you choose to do. Nothing here limits rights you have under the law where you live.

## Changes

We may update these terms. If a change matters, we will tell you in the app or by e-mail before it takes effect.

## Contact

Questions about these terms: write to the operator of this site at the address they publish.
`;

const privacy = `${TEMPLATE_NOTE}

This notice explains what the operator of this ${PRODUCT_NAME} site ("we") keeps about you, why, and what you can do about it.

## What we keep

- **Account**: your e-mail address, display name, optional first and last name, country, time zone, units and avatar.
- **Programme**: your check-ins (minutes moved, steps, protein and hydration), journals, photos and videos, updates, comments, likes, reactions, badges and cycles.
- **Health profile**: birth year, optional gender, height, weight and its history, baseline steps, goals, equipment and constraints. This is health data; you choose whether to give it.
- **Billing**: your plan and its status. Card details are handled by the payment provider, never by us.
- **Technical**: sessions, the e-mails we sent you, and short-lived records to limit abuse.

## Why

To run the programme for you, show your posts to the community, send the reminders you asked for, take payment, and keep the service safe.

## Who sees what

- Other members see your posts, comments, display name, avatar, streaks and leaderboard place.
- Your weight change since Day 1 shows on your posts only if you switch on "Share my weight progress with the community". Your health profile is never shown to other members.
- Administrators of this site can see accounts to support members and moderate reports.
- Service providers process data for us: e-mail delivery, file storage, payments and, if enabled, the AI workout planner.

## Your choices

- **Download my data** (Settings) gives you everything your account holds.
- **Delete my account** (Settings) removes your account, posts, files and history.
- You can switch reminders and marketing e-mails on and off at any time.

## Keeping it safe

Photos and videos are cleaned of location data when you upload them. Sessions live in an httpOnly cookie. Nothing is sold.

## Contact

Questions about your data: write to the operator of this site at the address they publish.
`;

const healthDisclaimer = `${TEMPLATE_NOTE}

${PRODUCT_NAME} helps you build a daily habit. It is not medical advice, and it is not a substitute for a doctor, physiotherapist or dietitian.

## Before you start

- Talk to a doctor before starting a new exercise or nutrition routine, especially if you are pregnant, have a heart condition, high blood pressure, diabetes, an injury, or any other health condition, or if you have not been active for a while.
- The workout suggestions, step targets, protein and hydration goals are general. They do not know your medical history.

## While you train

- Listen to your body. Stop and seek help if you feel pain, dizziness, shortness of breath, chest pain or anything unusual.
- Choose exercises you can do safely with the space and equipment you have.
- Rest is part of the programme. A missed day is better than an injury.

## Your responsibility

You take part at your own risk. To the extent the law allows, the operator of this site is not responsible for injury or harm from exercise, diet or other activities you choose to do.

## In an emergency

Call your local emergency number at once.
`;

/** Each legal page's title and default text, by its name in the manifest. */
export const LEGAL_TEXTS: Readonly<Record<LegalPageName, LegalText>> = {
  terms: { title: 'Terms of Service', markdown: terms },
  privacy: { title: 'Privacy Notice', markdown: privacy },
  'health-disclaimer': { title: 'Health Disclaimer', markdown: healthDisclaimer },
};
