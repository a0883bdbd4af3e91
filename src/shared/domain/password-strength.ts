import { PASSWORD_MIN_LENGTH } from '../constants';
import { msg } from '../messages';

export type PasswordScore = 0 | 1 | 2 | 3 | 4;

export interface PasswordStrength {
  score: PasswordScore;
  label: string;
  /** Length is the only hard rule; everything else only moves the score. */
  meetsMinimum: boolean;
}

// Read when the hint is shown, in the reader's language (issue 47), not when this module loads.
const LABELS = [
  () => msg.passwordStrengthTooShort,
  () => msg.passwordStrengthWeak,
  () => msg.passwordStrengthFair,
  () => msg.passwordStrengthGood,
  () => msg.passwordStrengthStrong,
] as const;

/**
 * A hint for the sign-up form. Below 8 characters the score is 0. Otherwise
 * one point per kind of character used (upper, lower, digit, symbol) plus one
 * at 12 characters and another at 16; 1-2 points read Weak, 3 Fair, 4 Good,
 * 5+ Strong. Passwords made of a handful of distinct characters stay Weak.
 */
export function passwordStrength(password: string): PasswordStrength {
  const length = Array.from(password).length;
  if (length < PASSWORD_MIN_LENGTH) return { score: 0, label: LABELS[0](), meetsMinimum: false };

  const kinds = [/\p{Lu}/u, /\p{Ll}/u, /\p{Nd}/u, /[^\p{L}\p{Nd}]/u].filter((re) =>
    re.test(password),
  ).length;
  const lengthBonus = (length >= 12 ? 1 : 0) + (length >= 16 ? 1 : 0);
  const points = kinds + lengthBonus;
  const distinct = new Set(Array.from(password)).size;

  let score: PasswordScore;
  if (distinct < 5 || points <= 2) score = 1;
  else if (points === 3) score = 2;
  else if (points === 4) score = 3;
  else score = 4;
  return { score, label: LABELS[score](), meetsMinimum: true };
}
