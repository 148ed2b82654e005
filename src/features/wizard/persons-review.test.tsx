import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@/lib/i18n/languages';
import { createTestI18n, renderWithProviders } from '@/testing/render';
import { completeCompanyFile } from '../../../tests/fixtures/company-file';
import { PersonsReview } from './persons-review';

/** Luc Bernard, who neither holds shares nor manages: he lends the premises (Romania) and files. */
const LUC = {
  id: 'p9',
  kind: 'natural',
  civility: 'M',
  lastName: 'Bernard',
  firstNames: 'Luc',
  dateOfBirth: '1970-08-09',
  placeOfBirth: 'Lyon, France',
  nationality: 'FR',
  address: 'Strada Lungă 5, Brașov',
};

function fileWithLuc(form: 'RO-SRL' | 'FR-SARL', answers: Record<string, unknown>) {
  const base = completeCompanyFile(2, '2026-01-15', form);
  return { ...base, persons: [...(base.persons as object[]), LUC], ...answers };
}

describe.each(LANGUAGES)('the review’s persons in %s', (language) => {
  it('names the owner of premises lent and the person who files with a power of attorney', () => {
    const i18n = createTestI18n(language);
    const t = i18n.getFixedT(language, 'wizard');
    renderWithProviders(
      <PersonsReview
        data={fileWithLuc('RO-SRL', {
          registeredOfficeType: 'lent',
          registeredOfficeOwnerId: 'p9',
          filerId: 'p9',
        })}
      />,
      { i18n },
    );
    expect(screen.getByText(t('review.persons.roles.officeOwner'))).toBeInTheDocument();
    expect(screen.getByText(t('review.persons.roles.filer'))).toBeInTheDocument();
    expect(screen.queryByText(t('review.persons.noRole'))).not.toBeInTheDocument();
  });

  it('gives no filer role to a manager who files, who needs no power of attorney', () => {
    const i18n = createTestI18n(language);
    const t = i18n.getFixedT(language, 'wizard');
    renderWithProviders(<PersonsReview data={fileWithLuc('FR-SARL', { filerId: 'p1' })} />, { i18n });
    expect(screen.queryByText(t('review.persons.roles.filer'))).not.toBeInTheDocument();
    expect(screen.queryByText(t('review.persons.roles.officeOwner'))).not.toBeInTheDocument();
    // Luc has no role here.
    expect(screen.getByText(t('review.persons.noRole'))).toBeInTheDocument();
  });
});
