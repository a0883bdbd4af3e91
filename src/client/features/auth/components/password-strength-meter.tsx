import { passwordStrength } from '@shared/domain/password-strength';
import { cn } from '@client/lib/cn';
import { msg } from '@shared/messages';

const barColour = ['bg-danger', 'bg-danger', 'bg-warning', 'bg-primary', 'bg-success'] as const;

/** Feedback only: length is the one rule the form enforces. The label carries the meaning, not the colour. */
export function PasswordStrengthMeter({ password, id }: { password: string; id: string }) {
  if (!password) return null;
  const { score, label } = passwordStrength(password);
  // "Too short" still lights one bar, so the meter never looks empty while typing.
  const filled = Math.max(score, 1);
  return (
    <div id={id} className="flex items-center gap-3" aria-live="polite">
      <div className="flex flex-1 gap-1" aria-hidden>
        {[1, 2, 3, 4].map((step) => (
          <span
            key={step}
            className={cn(
              'h-1.5 flex-1 rounded-full',
              step <= filled ? barColour[score] : 'bg-muted',
            )}
          />
        ))}
      </div>
      <p className="min-w-24 text-right text-sm text-muted-foreground">
        {msg.passwordStrengthMeter.strength}{' '}
        <span className="font-semibold text-foreground">{label}</span>
      </p>
    </div>
  );
}
