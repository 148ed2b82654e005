import { describe, expect, it } from 'vitest';
import { isShown } from './show-if';

describe('isShown (ui:options.showIf)', () => {
  it('shows a field without a condition', () => {
    expect(isShown(undefined, { kind: 'legal' })).toBe(true);
    expect(isShown(null, {})).toBe(true);
    expect(isShown(['kind'], {})).toBe(true);
  });

  it("shows a field while its object's field has the value named", () => {
    expect(isShown({ kind: 'legal' }, { kind: 'legal' })).toBe(true);
    expect(isShown({ kind: 'legal' }, { kind: 'natural' })).toBe(false);
  });

  it('hides it while that field is empty, or the object is not there yet', () => {
    expect(isShown({ kind: 'natural' }, {})).toBe(false);
    expect(isShown({ kind: 'natural' }, undefined)).toBe(false);
    expect(isShown({ kind: 'natural' }, ['natural'])).toBe(false);
  });

  it('compares values as they are: true is not "true"', () => {
    expect(isShown({ commonFunds: true }, { commonFunds: true })).toBe(true);
    expect(isShown({ commonFunds: true }, { commonFunds: 'true' })).toBe(false);
    expect(isShown({ commonFunds: true }, { commonFunds: false })).toBe(false);
  });

  it('takes a list as any of its values', () => {
    const regime = { matrimonialRegime: ['community', 'universal'] };
    expect(isShown(regime, { matrimonialRegime: 'universal' })).toBe(true);
    expect(isShown(regime, { matrimonialRegime: 'separation' })).toBe(false);
  });

  it('needs every field named to match', () => {
    const condition = { kind: 'natural', maritalStatus: 'married', matrimonialRegime: ['community'] };
    expect(
      isShown(condition, { kind: 'natural', maritalStatus: 'married', matrimonialRegime: 'community' }),
    ).toBe(true);
    expect(
      isShown(condition, { kind: 'natural', maritalStatus: 'single', matrimonialRegime: 'community' }),
    ).toBe(false);
    expect(
      isShown(condition, { kind: 'legal', maritalStatus: 'married', matrimonialRegime: 'community' }),
    ).toBe(false);
  });
});
