import { describe, expect, it } from 'vitest';
import { formatWater, waterInUnits, waterToMl } from './fuel';

describe('water in the member’s units', () => {
  it('litres for metric, US cups for imperial, kept as millilitres', () => {
    expect(formatWater(2250, 'metric')).toBe('2.3 L');
    expect(formatWater(2129, 'imperial')).toBe('9 cups');
    expect(waterToMl(2, 'metric')).toBe(2000);
    expect(waterToMl(8, 'imperial')).toBe(1893);
    expect(waterInUnits(waterToMl(9, 'imperial'), 'imperial')).toBe(9);
  });
});
