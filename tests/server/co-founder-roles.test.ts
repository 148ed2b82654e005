/**
 * Who a file names in which capacity (co-founders/roles.ts), which decides whom the founder may
 * invite, the acts each person owes and who must have joined before the documents are signed.
 */
import { describe, expect, it } from 'vitest';
import { actsCalledFor, invitablePersons, rolesOf } from '../../server/services/co-founders/roles';
import { expectedSignatories, requiredActs } from '../../server/services/signing/readiness';
import { completeCompanyFile } from '../fixtures/company-file';

const withFiler = () => {
  const data = completeCompanyFile(2);
  const persons = data.persons as Record<string, unknown>[];
  const filer = { ...persons[1], id: 'p3', lastName: 'Martin', firstNames: 'Léa' };
  return { ...data, persons: [...persons, filer], filerId: 'p3' };
};

describe('roles of a company file', () => {
  it('names the person who files with a power of attorney: invitable, owing no act, a signatory', () => {
    const data = withFiler();
    expect(rolesOf(data).get('p3')).toEqual(['filer']);
    expect(invitablePersons(data).map(({ person }) => person.id)).toContain('p3');
    expect(actsCalledFor(data).filter((act) => act.personId === 'p3')).toEqual([]);
    expect(expectedSignatories(data)).toContain('p3');
  });

  it('gives a manager who files no power of attorney (they file as the legal representative)', () => {
    const data = { ...withFiler(), filerId: 'p1' };
    expect(rolesOf(data).get('p1')).not.toContain('filer');
    expect(expectedSignatories(data)).not.toContain('p3');
  });

  it('asks the same acts in the signing readiness as on the co-founders’ pages', () => {
    const data = completeCompanyFile(2);
    expect(requiredActs(data)).toEqual(actsCalledFor(data).map(({ personId, act }) => ({ personId, act })));
    expect(requiredActs(data)).toEqual(
      expect.arrayContaining([
        { personId: 'p1', act: 'acceptAppointment' },
        { personId: 'p1', act: 'honourStatement' },
        { personId: 'p1', act: 'approveFile' },
        { personId: 'p2', act: 'approveFile' },
      ]),
    );
  });
});
