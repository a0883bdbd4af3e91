import type { ComponentProps } from 'react';
import { CODE_LENGTH } from '@shared/constants';
import { Input } from '@client/components/ui/input';
import { cn } from '@client/lib/cn';

type CodeInputProps = Omit<ComponentProps<'input'>, 'onChange' | 'value' | 'type'> & {
  value: string;
  onChange: (digits: string) => void;
};

/** The 6-digit code from the e-mail: digits only (anything else is dropped as typed or pasted). */
export function CodeInput({ value, onChange, className, ...props }: CodeInputProps) {
  return (
    <Input
      type="text"
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern={`\\d{${CODE_LENGTH}}`}
      maxLength={CODE_LENGTH}
      spellCheck={false}
      value={value}
      onChange={(event) => onChange(event.target.value.replace(/\D/g, '').slice(0, CODE_LENGTH))}
      onPaste={(event) => {
        // A pasted "123 456" or "Code: 123456" still fills the box: keep the digits, not the first 6 characters.
        const digits = event.clipboardData.getData('text').replace(/\D/g, '');
        if (digits) {
          event.preventDefault();
          onChange(digits.slice(0, CODE_LENGTH));
        }
      }}
      className={cn('text-center font-mono text-2xl tracking-[0.5em] tabular', className)}
      {...props}
    />
  );
}

export function isCompleteCode(code: string): boolean {
  return new RegExp(`^\\d{${CODE_LENGTH}}$`).test(code);
}
