import { describe, it, expect } from 'vitest';
import { cmToFeetInches, feetInchesToCm, kgToPounds, poundsToKg } from './units';

describe('imperial to metric', () => {
  it('converts feet and inches to cm at 2.54 cm per inch', () => {
    expect(feetInchesToCm(5, 10)).toBeCloseTo(177.8, 5);
    expect(feetInchesToCm(6, 0)).toBeCloseTo(182.88, 5);
  });

  it('converts pounds to kg at 0.453592', () => {
    expect(poundsToKg(200)).toBeCloseTo(90.7184, 5);
  });
});

describe('metric back to imperial', () => {
  it('round-trips height to whole inches', () => {
    expect(cmToFeetInches(177.8)).toEqual({ feet: 5, inches: 10 });
    expect(cmToFeetInches(182.5)).toEqual({ feet: 6, inches: 0 }); // 71.85 in rounds up to 6'0"
  });

  it('round-trips weight to one decimal', () => {
    expect(kgToPounds(poundsToKg(185))).toBe(185);
    expect(kgToPounds(80)).toBe(176.4);
  });
});
