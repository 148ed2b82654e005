import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import type { Language } from '@/lib/i18n/languages';
import { renderWithProviders } from '@/testing/render';
import type { DraftState } from './draft-sync';
import { FileStatusNotice } from './file-status-notice';
import { SubmittedNotice } from './submitted-notice';

const SAVED = {
  fr: 'Votre dossier est enregistré',
  en: 'Your file is saved',
  ro: 'Dosarul dumneavoastră a fost salvat',
} as const;
const SUBMITTED_FILE: DraftState['file'] = {
  revision: 3,
  version: 1,
  setAside: {},
  status: 'submitted',
  updatedAt: '2026-11-20T10:00:00.000Z',
  submittedAt: '2026-11-20T10:00:00.000Z',
};
/** Words that read as if the file had reached a registry (issue 34, honest words). */
const SENT = /envoyé|bien reçu|\bsent\b|\breceived\b|trimis|primit/i;

function renderSubmitted(language: Language) {
  renderWithProviders(
    <>
      <FileStatusNotice file={SUBMITTED_FILE} merged={false} language={language} justSubmitted />
      <SubmittedNotice destination={paths.plans} onContinue={() => {}} />
    </>,
    { language },
  );
}

describe('after the founder submits the file', () => {
  it.each(['fr', 'en', 'ro'] as const)(
    'says once that it is saved in Kreo, never that it was sent or received (%s)',
    (language) => {
      renderSubmitted(language);
      expect(screen.queryAllByRole('alert').length + screen.queryAllByRole('status').length).toBe(1);
      const box = screen.getByRole('status');
      expect(box).toHaveTextContent(SAVED[language]);
      expect(box.textContent).not.toMatch(SENT);
    },
  );

  it('says what the founder still does', () => {
    renderSubmitted('fr');
    expect(screen.getByRole('status')).toHaveTextContent(
      /vous signez, déposez le capital, publiez l’annonce légale \(en France\), déposez le dossier au registre et payez les frais d’immatriculation/,
    );
  });

  it('keeps the saved-on notice of a file reopened later, in the same words', () => {
    renderWithProviders(<FileStatusNotice file={SUBMITTED_FILE} merged={false} language="en" />, {
      language: 'en',
    });
    expect(screen.getByText('File saved')).toBeInTheDocument();
    expect(screen.getByRole('alert').textContent).not.toMatch(SENT);
  });
});
