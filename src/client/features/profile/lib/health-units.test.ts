import { describe, expect, it } from 'vitest';
import { bodyFieldsFrom, bodyFromFields, type BodyFields } from './health-units';

const fields = (values: Partial<BodyFields>): BodyFields => ({
  feet: '',
  inches: '',
  pounds: '',
  cm: '',
  kg: '',
  ...values,
});
const nothing = { heightCm: null, weightKg: null };

describe('health form units', () => {
  it('5 ft 10 in and 180 lb go in and come back as 5 ft 10 in and 180 lb', () => {
    const stored = bodyFromFields(
      fields({ feet: '5', inches: '10', pounds: '180' }),
      'imperial',
      nothing,
    );
    expect(stored.heightCm).toBeCloseTo(177.8, 10);
    expect(stored.weightKg).toBeCloseTo(81.64656, 10);
    const shown = bodyFieldsFrom(
      { heightCm: stored.heightCm!, weightKg: stored.weightKg! },
      'imperial',
    );
    expect(shown).toMatchObject({ feet: '5', inches: '10', pounds: '180' });
  });

  it('shows the same values in metric, to one decimal', () => {
    const stored = { heightCm: 177.8, weightKg: 81.64656 };
    expect(bodyFieldsFrom(stored, 'metric')).toMatchObject({ cm: '177.8', kg: '81.6' });
  });

  it('sends untouched fields back exactly as stored, in either unit', () => {
    const metric = { heightCm: 180, weightKg: 75 };
    // 180 cm shows as 5 ft 11 in, which would be 180.34 cm if converted back.
    const imperialView = bodyFieldsFrom(metric, 'imperial');
    expect(imperialView).toMatchObject({ feet: '5', inches: '11', pounds: '165.3' });
    expect(bodyFromFields(imperialView, 'imperial', metric)).toEqual(metric);
    const imperial = { heightCm: 177.8, weightKg: 81.64656 };
    expect(bodyFromFields(bodyFieldsFrom(imperial, 'metric'), 'metric', imperial)).toEqual(
      imperial,
    );
  });

  it('converts a changed field and clears a blanked one', () => {
    const stored = { heightCm: 177.8, weightKg: 81.64656 };
    const changed = bodyFromFields(
      fields({ feet: '6', inches: '0', pounds: '' }),
      'imperial',
      stored,
    );
    expect(changed.heightCm).toBeCloseTo(182.88, 10);
    expect(changed.weightKg).toBeUndefined();
    expect(bodyFromFields(fields({ cm: '165', kg: '62.5' }), 'metric', stored)).toEqual({
      heightCm: 165,
      weightKg: 62.5,
    });
  });

  it('passes nonsense on as NaN for the schema to refuse', () => {
    expect(bodyFromFields(fields({ cm: 'tall' }), 'metric', nothing).heightCm).toBeNaN();
  });
});
