import { useId } from 'react';
import { toast } from 'sonner';
import { ShieldCheck } from 'lucide-react';
import type { ConsentsView } from '@shared/api-types';
import type { ConsentsInput } from '@shared/domain/profile-schemas';
import { formatDate } from '@shared/format';
import { useMemberTimeZone } from '@client/lib/member-time-zone';
import { shownByMeta } from '@client/lib/query-client';
import { msg } from '@shared/messages';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '@client/components/ui/card';
import { Checkbox } from '@client/components/ui/checkbox';
import { Label } from '@client/components/ui/label';
import { Switch } from '@client/components/ui/switch';
import { useUpdateConsents } from '../api/update-consents';
import { pagePath } from '@shared/pages';

const readLink =
  'inline-flex min-h-11 w-fit items-center text-sm font-semibold text-accent-text underline underline-offset-4 focus-visible:rounded focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

/** One thing the member accepts once: the terms, or the health disclaimer. */
interface Consent {
  key: string;
  label: string;
  acceptedAt: string | null;
  input: ConsentsInput;
  hint?: string;
  read: { href: string; text: string };
}

/**
 * Privacy and consents: the terms and the health disclaimer (accepted once, with the date shown), and
 * marketing e-mails, which switch on and off at once.
 */
export function ConsentSettings({ consents }: { consents: ConsentsView }) {
  const id = useId();
  const update = useUpdateConsents(false);
  const marketing = useUpdateConsents(true);
  // One change at a time, as when both were one mutation.
  const busy = update.isPending || marketing.isPending;

  // Failures, and a consent's success, are the mutations' meta.
  const accept = (input: ConsentsInput) => update.mutate(input);
  const setMarketing = (on: boolean) =>
    void marketing
      .mutateAsync({ marketingOptIn: on })
      .then(
        () => toast.success(on ? msg.marketingEmailsEnabled : msg.marketingEmailsDisabled),
        shownByMeta,
      );

  const rows: Consent[] = [
    {
      key: 'tos',
      label: msg.consentSettings.acceptTerms,
      acceptedAt: consents.tosAcceptedAt,
      input: { tosAccepted: true } as const,
      read: { href: pagePath('terms'), text: msg.consentSettings.readTerms },
    },
    {
      key: 'health',
      label: msg.consentSettings.acceptHealthDisclaimer,
      acceptedAt: consents.healthDisclaimerAcceptedAt,
      input: { healthDisclaimerAccepted: true } as const,
      hint: msg.healthDisclaimer,
      read: { href: pagePath('health-disclaimer'), text: msg.consentSettings.readHealthDisclaimer },
    },
  ];

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <ShieldCheck aria-hidden className="size-5 text-accent-text" />
          {msg.consentSettings.privacyAndConsents}
        </CardTitle>
        <CardDescription>
          {msg.consentSettings.whatYouAgreedTo}{' '}
          <a href={pagePath('privacy')} className={readLink}>
            {msg.consentSettings.privacyNotice}
          </a>
          .
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {rows.map((row) => (
          <ConsentRow
            key={row.key}
            checkboxId={`${id}-${row.key}`}
            consent={row}
            busy={busy}
            onAccept={() => accept(row.input)}
          />
        ))}
        <MarketingSwitch
          switchId={`${id}-marketing`}
          consents={consents}
          busy={busy}
          onChange={setMarketing}
        />
      </CardContent>
    </Card>
  );
}

/** A consent's box (ticked and locked once accepted), when it was accepted, and a link to read it. */
function ConsentRow({
  checkboxId,
  consent: row,
  busy,
  onAccept,
}: {
  checkboxId: string;
  consent: Consent;
  busy: boolean;
  onAccept: () => void;
}) {
  const timeZone = useMemberTimeZone();
  return (
    <div className="flex items-start gap-3">
      <Checkbox
        id={checkboxId}
        className="mt-0.5"
        checked={row.acceptedAt !== null}
        // Accepted is recorded once and cannot be undone from here.
        disabled={row.acceptedAt !== null || busy}
        onCheckedChange={(checked) => checked === true && onAccept()}
        aria-describedby={`${checkboxId}-note`}
      />
      <div className="flex flex-col gap-1">
        <Label htmlFor={checkboxId} className="font-medium">
          {row.label}
        </Label>
        <p id={`${checkboxId}-note`} className="text-sm text-muted-foreground">
          {row.acceptedAt
            ? msg.consentSettings.accepted(formatDate(row.acceptedAt, timeZone))
            : msg.consentSettings.notAcceptedYet}
          {row.hint ? `. ${row.hint}` : ''}
        </p>
        <a href={row.read.href} className={readLink}>
          {row.read.text}
        </a>
      </div>
    </div>
  );
}

/** Marketing e-mails: a switch that takes effect at once, with when it last changed. */
function MarketingSwitch({
  switchId,
  consents,
  busy,
  onChange,
}: {
  switchId: string;
  consents: ConsentsView;
  busy: boolean;
  onChange: (on: boolean) => void;
}) {
  const timeZone = useMemberTimeZone();
  return (
    <div className="flex min-h-11 items-center justify-between gap-4 border-t border-border pt-4">
      <div className="flex flex-col gap-1">
        <Label htmlFor={switchId} className="font-medium">
          {msg.consentSettings.marketingEmails}
        </Label>
        <p className="text-sm text-muted-foreground">
          {msg.consentSettings.newsAndOffers}
          {consents.marketingOptedAt &&
            ` ${msg.consentSettings.lastChanged(formatDate(consents.marketingOptedAt, timeZone))}`}
        </p>
      </div>
      <Switch
        id={switchId}
        checked={consents.marketingOptIn}
        disabled={busy}
        onCheckedChange={onChange}
      />
    </div>
  );
}
