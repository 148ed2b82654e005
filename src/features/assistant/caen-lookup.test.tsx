import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  DISCLAIMER,
  askInPanel,
  asShown,
  facts,
  widePanelWithCatalogEachTest,
} from '@/testing/assistant-panel';
import { renderWithProviders } from '@/testing/render';
import PersonalBlock from './personal-block';

const SRL_1000 = facts({
  jurisdiction: 'RO',
  legalForm: 'SRL',
  shareCapital: 1000,
  cashCapital: 1000,
  associates: 2,
  managers: 1,
});

widePanelWithCatalogEachTest();
const ask = askInPanel;

const SASU = facts({ jurisdiction: 'FR', legalForm: 'SASU', shareCapital: 1000, cashCapital: 1000 });

const classesOf = (list: HTMLElement) =>
  within(list)
    .getAllByRole('listitem')
    .map((item) => asShown(item.textContent ?? ''));

describe('an answer on choosing a CAEN code shows the classes of the activity asked about', () => {
  it('gives a Romanian SRL founder asking for a café 5630 with its authorisations, and leads to the field (ro)', async () => {
    const { block, user, jumpToField } = await ask('ro', SRL_1000, 'Ce cod CAEN aleg pentru o cafenea?');

    expect(within(block).getByText('Codul CAEN al activității dumneavoastră')).toBeInTheDocument();
    const [first, ...others] = classesOf(await within(block).findByTestId('assistant-caen-classes'));
    expect(others).toEqual([]);
    expect(first).toMatch(/^5630 — Baruri și alte activități de servire a băuturilor/);
    expect(first).toContain('Produse alimentare și alimentație');
    expect(first).toContain('Restaurant, bar sau catering');
    expect(
      within(block).getByText(/^Din lista CAEN Rev\. 3 \(Ordinul INS nr\. 377\/2024/),
    ).toBeInTheDocument();
    expect(within(block).getByText(DISCLAIMER.ro)).toBeInTheDocument();

    await user.click(within(block).getByRole('button', { name: 'Alegeți-o în câmpul CAEN' }));
    expect(jumpToField).toHaveBeenCalledWith('caenMain');
  });

  it('gives 6210 first for IT programming, in English names (en)', async () => {
    const { block } = await ask('en', SRL_1000, 'what CAEN code for IT programming');

    const shown = classesOf(await within(block).findByTestId('assistant-caen-classes'));
    expect(shown[0]).toMatch(/^6210 — Computer programming activities/);
    expect(shown.length).toBeLessThanOrEqual(3);
    expect(within(block).getByRole('button', { name: 'Choose it in the CAEN field' })).toBeInTheDocument();
  });

  it('asks to type the activity in the field’s search when the question names none (fr)', async () => {
    const { block, user, jumpToField } = await ask('fr', SRL_1000, 'Quel code CAEN choisir pour ma SRL ?');

    expect(await within(block).findByTestId('assistant-caen-none')).toHaveTextContent(
      /^Votre question ne cite aucune activité que je connaisse\. Tapez votre activité/,
    );
    expect(within(block).queryByTestId('assistant-caen-classes')).not.toBeInTheDocument();
    await user.click(
      within(block).getByRole('button', { name: 'Chercher votre activité dans le champ CAEN' }),
    );
    expect(jumpToField).toHaveBeenCalledWith('caenMain');
  });

  it('tells a French founder that INSEE assigns the APE code, with no Romanian class (fr)', async () => {
    const { block } = await ask('fr', SASU, 'Quel code CAEN choisir pour un café ?');

    expect(within(block).getByTestId('assistant-caen-france')).toHaveTextContent(
      /l’INSEE attribue le code APE/,
    );
    expect(within(block).queryByTestId('assistant-caen-classes')).not.toBeInTheDocument();
  });

  it('shows the classes for the CAEN field’s own hint too, and none for another field (en)', async () => {
    renderWithProviders(
      <>
        <PersonalBlock
          entry="caenMain"
          field
          question="CAEN code: coffee shop"
          facts={SRL_1000}
          onJump={vi.fn()}
        />
        <PersonalBlock entry="shareCapital" field question="coffee shop" facts={SRL_1000} onJump={vi.fn()} />
      </>,
      { language: 'en' },
    );

    const [block, ...others] = await screen.findAllByTestId('assistant-personal');
    expect(others).toEqual([]);
    const [first] = classesOf(await within(block as HTMLElement).findByTestId('assistant-caen-classes'));
    expect(first).toMatch(/^5630 — Beverage serving activities/);
  });
});
