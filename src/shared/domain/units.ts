import { CM_PER_INCH, INCHES_PER_FOOT, KG_PER_POUND } from '../constants';

// The health profile stores metric; imperial members type feet, inches and pounds.

export function feetInchesToCm(feet: number, inches: number): number {
  return (feet * INCHES_PER_FOOT + inches) * CM_PER_INCH;
}

/** Whole feet and inches (inches rounded, carried into feet at 12). */
export function cmToFeetInches(cm: number): { feet: number; inches: number } {
  const totalInches = Math.round(cm / CM_PER_INCH);
  return { feet: Math.floor(totalInches / INCHES_PER_FOOT), inches: totalInches % INCHES_PER_FOOT };
}

export function poundsToKg(pounds: number): number {
  return pounds * KG_PER_POUND;
}

/** Pounds to one decimal place. */
export function kgToPounds(kg: number): number {
  return Math.round((kg / KG_PER_POUND) * 10) / 10;
}
