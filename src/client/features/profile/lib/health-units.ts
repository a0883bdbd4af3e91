// The health form shows heights and weights in the member's units (feet and inches with pounds, or
// cm with kg); the server stores cm and kg. A field the member did not touch goes back exactly as
// stored, so opening and saving the form never moves a value (no drift from rounding each way).

import type { UnitPref } from '@shared/constants';
import { cmToFeetInches, feetInchesToCm, kgToPounds, poundsToKg } from '@shared/domain/units';

/** What the form's unit fields hold: text, as typed. */
export interface BodyFields {
  feet: string;
  inches: string;
  pounds: string;
  cm: string;
  kg: string;
}

export interface StoredBody {
  heightCm: number | null;
  weightKg: number | null;
}

const oneDecimal = (n: number) => String(Math.round(n * 10) / 10);

/** The stored values written in the member's units ('' where nothing is stored). */
export function bodyFieldsFrom(stored: StoredBody, unit: UnitPref): BodyFields {
  const fields: BodyFields = { feet: '', inches: '', pounds: '', cm: '', kg: '' };
  if (stored.heightCm !== null) {
    if (unit === 'imperial') {
      const { feet, inches } = cmToFeetInches(stored.heightCm);
      fields.feet = String(feet);
      fields.inches = String(inches);
    } else {
      fields.cm = oneDecimal(stored.heightCm);
    }
  }
  if (stored.weightKg !== null) {
    if (unit === 'imperial') fields.pounds = String(kgToPounds(stored.weightKg));
    else fields.kg = oneDecimal(stored.weightKg);
  }
  return fields;
}

const blank = (value: string) => value.trim() === '';
const sameText = (a: string, b: string) => a.trim() === b.trim();

/**
 * cm and kg for the server: a field left as shown keeps the stored value; a changed one is converted
 * (x2.54 per inch, x0.453592 per pound). Blank clears it; anything that is not a number is passed on
 * as NaN for the schema to refuse.
 */
export function bodyFromFields(
  fields: BodyFields,
  unit: UnitPref,
  stored: StoredBody,
): { heightCm: number | undefined; weightKg: number | undefined } {
  const shown = bodyFieldsFrom(stored, unit);
  let heightCm: number | undefined;
  let weightKg: number | undefined;
  if (unit === 'imperial') {
    const heightSame = sameText(fields.feet, shown.feet) && sameText(fields.inches, shown.inches);
    if (heightSame && stored.heightCm !== null) heightCm = stored.heightCm;
    else if (!blank(fields.feet) || !blank(fields.inches)) {
      const feet = blank(fields.feet) ? 0 : Number(fields.feet);
      const inches = blank(fields.inches) ? 0 : Number(fields.inches);
      heightCm = feetInchesToCm(feet, inches);
    }
    if (sameText(fields.pounds, shown.pounds) && stored.weightKg !== null)
      weightKg = stored.weightKg;
    else if (!blank(fields.pounds)) weightKg = poundsToKg(Number(fields.pounds));
  } else {
    if (sameText(fields.cm, shown.cm) && stored.heightCm !== null) heightCm = stored.heightCm;
    else if (!blank(fields.cm)) heightCm = Number(fields.cm);
    if (sameText(fields.kg, shown.kg) && stored.weightKg !== null) weightKg = stored.weightKg;
    else if (!blank(fields.kg)) weightKg = Number(fields.kg);
  }
  return { heightCm, weightKg };
}
