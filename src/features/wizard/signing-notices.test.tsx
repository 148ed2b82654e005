import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '@/lib/api/client';
import { ApiError } from '@/lib/api/errors';
import { LANGUAGES } from '@/lib/i18n/languages';
import { createTestI18n, renderWithProviders } from '@/testing/render';
import { FILE_ID, round, signingState } from '@/testing/signing';
import { SigningRoundNotice, VoidSignaturesModal } from './signing-notices';

/** Words as a reader finds them in the page: Testing Library reads a non-breaking space as a space. */
const text = (words: string) => words.replace(/\s+/g, ' ');

afterEach(() => vi.restoreAllMocks());

describe.each(LANGUAGES)('the wizard’s signature warnings in %s', (language) => {
  it('asks before a submission voids the signatures, and confirms or keeps them', async () => {
    const i18n = createTestI18n(language);
    const t = i18n.getFixedT(language, 'wizard');
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    const { user } = renderWithProviders(
      <VoidSignaturesModal opened submitting={false} onConfirm={onConfirm} onCancel={onCancel} />,
      { i18n },
    );
    const dialog = await screen.findByRole('dialog', { name: t('signatures.confirm.title') });
    expect(dialog).toHaveTextContent(text(t('signatures.confirm.body')));
    await user.click(screen.getByRole('button', { name: t('signatures.confirm.cancel') }));
    expect(onCancel).toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: t('signatures.confirm.submit') }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('warns while a round of signatures exists, and says nothing without one', async () => {
    const i18n = createTestI18n(language);
    const t = i18n.getFixedT(language, 'wizard');
    const get = vi
      .spyOn(apiClient, 'GET')
      .mockResolvedValueOnce({ data: signingState({ round: round() }), response: new Response() } as never);
    const view = renderWithProviders(<SigningRoundNotice fileId={FILE_ID} />, { i18n });
    expect(await screen.findByText(text(t('signatures.notice.body')))).toBeInTheDocument();
    expect(screen.getByText(text(t('signatures.notice.title')))).toBeInTheDocument();
    expect(get).toHaveBeenCalledWith('/api/company-files/{fileId}/signing', {
      params: { path: { fileId: FILE_ID } },
      signal: expect.any(AbortSignal),
    });
    view.unmount();

    get.mockRejectedValueOnce(new ApiError('Network response was not ok Not Found', 'http', 404));
    renderWithProviders(<SigningRoundNotice fileId={FILE_ID} />, { i18n });
    await vi.waitFor(() => expect(get).toHaveBeenCalledTimes(2));
    expect(screen.queryByText(text(t('signatures.notice.body')))).not.toBeInTheDocument();
  });
});
