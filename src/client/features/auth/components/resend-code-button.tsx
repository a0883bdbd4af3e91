import { Button } from '@client/components/ui/button';
import { msg } from '@shared/messages';

/** Locked while the countdown runs, and it says for how long. */
export function ResendCodeButton({
  secondsLeft,
  pending,
  onResend,
}: {
  secondsLeft: number;
  pending: boolean;
  onResend: () => void;
}) {
  const locked = secondsLeft > 0;
  return (
    <Button
      type="button"
      variant="ghost"
      onClick={onResend}
      disabled={locked || pending}
      className="tabular"
    >
      {locked ? msg.resendIn(secondsLeft) : msg.resendCodeButton.resendCode}
    </Button>
  );
}
