import { ML_PER_US_CUP, type UnitPref } from '../constants';
import { formatNumber } from '../format';

// Water in the member's units (issue 45): litres for metric, US cups for imperial. Stored and
// compared in millilitres, so a delivery in fluid ounces meets a target set in cups.

/** The unit water is shown and typed in. */
export function waterUnit(unitPref: UnitPref): 'L' | 'cups' {
  return unitPref === 'metric' ? 'L' : 'cups';
}

/** Millilitres in the member's unit, to one decimal. */
export function waterInUnits(ml: number, unitPref: UnitPref): number {
  const value = unitPref === 'metric' ? ml / 1000 : ml / ML_PER_US_CUP;
  return Math.round(value * 10) / 10;
}

/** A typed amount in the member's unit, as whole millilitres. */
export function waterToMl(value: number, unitPref: UnitPref): number {
  return Math.round(unitPref === 'metric' ? value * 1000 : value * ML_PER_US_CUP);
}

/** "2.3 L" or "9.5 cups". */
export function formatWater(ml: number, unitPref: UnitPref): string {
  return `${formatNumber(waterInUnits(ml, unitPref))} ${waterUnit(unitPref)}`;
}
