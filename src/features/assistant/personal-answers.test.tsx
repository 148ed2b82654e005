import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  DISCLAIMER,
  TITLES,
  askInPanel,
  asShown,
  facts,
  widePanelWithCatalogEachTest,
} from '@/testing/assistant-panel';
import { renderWithProviders } from '@/testing/render';
import PersonalBlock from './personal-block';

const SASU_1000 = facts({
  jurisdiction: 'FR',
  legalForm: 'SASU',
  shareCapital: 1000,
  cashCapital: 1000,
  associates: 1,
  managers: 1,
});
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

describe("the founder's total cost", () => {
  it('gives a French SASU its total with its parts and their sources, and no Romanian fees (fr)', async () => {
    const { block, user } = await ask(
      'fr',
      SASU_1000,
      'Combien ça coûte au total, greffe et annonce compris ?',
    );

    expect(await within(block).findByTestId('assistant-personal-headline')).toHaveTextContent(
      asShown('Pour votre SASU, en tout : de 206,93 € à 306,93 € (estimation).'),
    );
    const parts = within(block)
      .getAllByRole('listitem')
      .map((item) => asShown(item.textContent ?? ''));
    expect(parts[0]).toBe(
      'L’offre Kreo la moins chère avec laquelle vous pouvez déposer votre dossier : Standard, 10 €',
    );
    expect(parts).toContainEqual(
      expect.stringMatching(
        /^Immatriculation au registre du commerce et des sociétés : 35,59 €Source : Code de commerce, art\. R\. 743-140/,
      ),
    );
    expect(parts).toContainEqual(
      expect.stringMatching(/^Déclaration des bénéficiaires effectifs : 20,34 €Source/),
    );
    // The legal notice of a SASU, not of the other forms.
    expect(parts).toContainEqual(
      expect.stringMatching(/^Annonce légale de constitution : 141 €Source : Loi n° 55-4/),
    );
    expect(block).not.toHaveTextContent(/lei|ONRC|Monitorul/);
    expect(within(block).getByText(DISCLAIMER.fr)).toBeVisible();
    // What each fee covers, folded: the legal notice's flat rate is before VAT.
    const vat = within(block).getByText(/^Annonce légale de constitution : Forfait hors TVA/);
    expect(vat).not.toBeVisible();
    // Its own name: the reply's own "Détails" button is another one.
    await user.click(within(block).getByRole('button', { name: 'Le détail des frais' }));
    expect(vat).toBeVisible();
  });

  it('gives a Romanian SRL its fees in lei, the ONRC free, without French registry prices (ro)', async () => {
    const { block } = await ask('ro', SRL_1000, 'Cât costă în total să înființez un SRL, cu taxele ONRC?');

    expect(await within(block).findByTestId('assistant-personal-headline')).toHaveTextContent(
      asShown(
        'Pentru firma dumneavoastră (SRL), în total: 10 € pentru Kreo; taxe oficiale: între 138 lei și 152 lei (estimare).',
      ),
    );
    expect(block).toHaveTextContent(/Oficiul Național al Registrului Comerțului|ONRC/);
    expect(block).toHaveTextContent('Legea nr. 265/2022');
    expect(block).not.toHaveTextContent(/greffe|35,59|20,34|141 €|grefă/i);
    expect(within(block).getByText(DISCLAIMER.ro)).toBeVisible();
  });

  it('gives a Romanian founder asking in English the Romanian fees only (en)', async () => {
    const { block } = await ask('en', SRL_1000, 'What is the total cost including government fees?');

    expect(await within(block).findByTestId('assistant-personal-headline')).toHaveTextContent(
      asShown('For your SRL, in all: €10 for Kreo; official fees: from 138 lei to 152 lei (estimate).'),
    );
    expect(block).not.toHaveTextContent(/€35.59|€141|greffe/);
  });

  it('asks for the legal form first when none is chosen, with a link to it (fr)', async () => {
    const { block, user, jumpToField } = await ask('fr', facts({}), 'Combien ça coûte au total ?');

    expect(block).toHaveTextContent(/Choisissez d’abord votre pays et votre forme juridique/);
    expect(block).not.toHaveTextContent(/€/);
    await user.click(within(block).getByRole('button', { name: 'Choisir la forme juridique' }));
    expect(jumpToField).toHaveBeenCalledWith('legalForm');
  });
});

describe('the capital to pay in', () => {
  it('gives a SASU with 1 000 € the amount to deposit at creation, with its article (fr)', async () => {
    const { block } = await ask('fr', SASU_1000, 'Combien dois-je verser de capital à la création ?');

    expect(block).toHaveTextContent(
      asShown(
        'Pour votre SASU, avec 1 000 € d’apports en argent : au moins 500 € à déposer à la création (50 % des apports en argent).',
      ),
    );
    expect(block).toHaveTextContent('Source : Code de commerce, art. L. 225-3 al. 2 et art. L. 227-1 al. 3');
    expect(block).toHaveTextContent(
      asShown(
        'Le reste, 500 €, est versé à l’appel de la société, dans les 5 ans qui suivent l’immatriculation.',
      ),
    );
    expect(within(block).getByText(DISCLAIMER.fr)).toBeVisible();
  });

  it('gives an EURL the fifth of its cash contributions (en)', async () => {
    const eurl = facts({ ...SASU_1000, legalForm: 'EURL', shareCapital: 5000, cashCapital: 5000 });
    const { block } = await ask('en', eurl, 'How much capital must I deposit at creation?');

    expect(block).toHaveTextContent(
      asShown(
        'For your EURL, with €5,000 of cash contributions: at least €1,000 to deposit at creation (20% of the cash contributions).',
      ),
    );
    expect(block).toHaveTextContent('Code de commerce, art. L. 223-7 al. 1');
  });

  it('tells a Romanian SRL that nothing is due before registration, then 30 % within 3 months (ro)', async () => {
    const { block } = await ask('ro', SRL_1000, 'Trebuie să depun capitalul înainte de înmatriculare?');

    expect(block).toHaveTextContent(
      asShown(
        'Pentru firma dumneavoastră (SRL), cu un capital social de 1.000 lei: nimic de vărsat înainte de înmatriculare.',
      ),
    );
    expect(block).toHaveTextContent(
      asShown('cel puțin 300 lei (30 % din capital) în 3 luni și întregul capital, 1.000 lei, în 12 luni'),
    );
    expect(block).toHaveTextContent('Legea nr. 31/1990, art. 9^1 alin. (2)');
  });

  it('names the associate who pays in less than their own minimum, though the total is enough (fr)', async () => {
    // 0 € of 500 and 500 € of 500: 500 € in all, the SAS's half of 1 000 €, but the first is below
    // half of their own subscription, which the filing check blocks (paidMinimum).
    const sas = facts({
      jurisdiction: 'FR',
      legalForm: 'SAS',
      shareCapital: 1000,
      cashCapital: 1000,
      associates: 2,
      paidAtFormation: 500,
      payments: [
        { name: 'Camille Dupont', position: 1, subscription: 500, paid: 0 },
        { name: 'Ana Popescu', position: 2, subscription: 500, paid: 500 },
      ],
    });
    const { block, user, jumpToField } = await ask(
      'fr',
      sas,
      'Combien dois-je verser de capital à la création ?',
    );

    expect(block).toHaveTextContent(
      asShown(
        'Camille Dupont verse 0 € à la création, moins que le minimum de 250 € (50 % de son apport de 500 €) : le dossier ne peut pas être déposé ainsi.',
      ),
    );
    expect(block).not.toHaveTextContent('Ana Popescu');
    expect(block).not.toHaveTextContent('Vos associés indiquent verser');
    await user.click(within(block).getByRole('button', { name: 'Corriger les montants versés' }));
    expect(jumpToField).toHaveBeenCalledWith('subscribers.paidAmount');
  });

  it('names the associate who pays in more than they subscribed (en)', async () => {
    const over = facts({
      ...SASU_1000,
      paidAtFormation: 1200,
      payments: [{ name: 'Camille Dupont', position: 1, subscription: 1000, paid: 1200 }],
    });
    const { block } = await ask('en', over, 'How much capital must I deposit at creation?');
    expect(block).toHaveTextContent(
      asShown(
        'Camille Dupont pays in €1,200, more than their contribution of €1,000: the file cannot be filed like this.',
      ),
    );
  });

  it('names an associate without a name by their number (ro)', async () => {
    const srl = facts({
      ...SRL_1000,
      payments: [{ name: '', position: 2, subscription: 500, paid: 600 }],
    });
    const { block } = await ask('ro', srl, 'Trebuie să depun capitalul înainte de înmatriculare?');
    expect(block).toHaveTextContent(
      asShown(
        'Asociatul 2 varsă 600 lei, mai mult decât aportul său de 500 lei: dosarul nu poate fi depus așa.',
      ),
    );
  });

  it('names an associate without a name by their number (fr)', async () => {
    const sasu = facts({
      ...SASU_1000,
      payments: [{ name: '', position: 2, subscription: 1000, paid: 1200 }],
    });
    const { block } = await ask('fr', sasu, 'Combien de capital dois-je déposer ?');
    expect(block).toHaveTextContent(
      asShown(
        'Associé 2 verse 1 200 €, plus que son apport de 1 000 € : le dossier ne peut pas être déposé ainsi.',
      ),
    );
  });

  it('repeats the amount declared when each subscriber reaches their minimum (en)', async () => {
    const enough = facts({
      ...SASU_1000,
      paidAtFormation: 600,
      payments: [{ name: 'Camille Dupont', position: 1, subscription: 1000, paid: 600 }],
    });
    const { block } = await ask('en', enough, 'How much capital must I deposit at creation?');

    expect(block).toHaveTextContent(asShown('Your subscribers say they pay in €600 at creation.'));
    expect(within(block).queryByRole('button', { name: 'Correct the amounts paid in' })).toBeNull();
  });

  it('asks for the share capital when the file has none yet, with a link to the field (fr)', async () => {
    const noCapital = facts({ jurisdiction: 'FR', legalForm: 'SASU' });
    const { block, user, jumpToField } = await ask(
      'fr',
      noCapital,
      'Combien dois-je verser de capital à la création ?',
    );

    expect(block).toHaveTextContent('Indiquez votre capital social');
    await user.click(within(block).getByRole('button', { name: 'Indiquer le capital social' }));
    expect(jumpToField).toHaveBeenCalledWith('shareCapital');
  });
});

describe('the managers', () => {
  it('says how many gérants a SARL has, who may be one and what each signs, with their number (en)', async () => {
    const sarl = facts({
      jurisdiction: 'FR',
      legalForm: 'SARL',
      shareCapital: 1000,
      cashCapital: 1000,
      managers: 2,
    });
    const { block } = await ask('en', sarl, 'Does the manager of my SARL have to be an associate?');

    expect(block).toHaveTextContent(
      'Your SARL has at least 1 manager (gérant), with no legal maximum. You have named 2.',
    );
    expect(block).toHaveTextContent('Source: Code de commerce, art. L. 223-18');
    expect(block).toHaveTextContent(
      'Each manager signs a declaration of non-conviction and parentage: 2 for your file.',
    );
    expect(within(block).getByText(DISCLAIMER.en)).toBeVisible();
  });
});

describe('short first', () => {
  it('shows the answer under the block by its first sentence, the rest behind "Détails" (fr)', async () => {
    const { panel, user } = await ask('fr', SASU_1000, 'Combien dois-je verser de capital à la création ?');

    const [answer] = within(panel).getAllByTestId('assistant-answer');
    const details = within(answer as HTMLElement).getByRole('button', { name: TITLES.fr.details });
    expect(details).toHaveAttribute('aria-expanded', 'false');
    const folded = document.getElementById(details.getAttribute('aria-controls') ?? '');
    expect(folded).not.toBeVisible();
    await user.click(details);
    expect(details).toHaveAttribute('aria-expanded', 'true');
    expect(folded).toBeVisible();
    // The block comes before the answers.
    const block = within(panel).getByTestId('assistant-personal');
    expect(
      block.compareDocumentPosition(answer as HTMLElement) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
  });
});

describe('the country an answer is about', () => {
  it('gives a Romanian SRL none of its figures under France’s legal notice, and a SASU its own (fr)', async () => {
    const noJump = () => {};
    const view = renderWithProviders(
      <PersonalBlock entry="legalNoticeFr" question="annonce légale" facts={SRL_1000} onJump={noJump} />,
      { language: 'fr' },
    );
    // The same block for a French file shows, so its absence for the SRL is the country's doing.
    view.rerender(
      <PersonalBlock entry="legalNoticeFr" question="annonce légale" facts={SASU_1000} onJump={noJump} />,
    );
    expect(await screen.findByTestId('assistant-personal', {}, { timeout: 5000 })).toHaveTextContent(/SASU/);
    view.rerender(
      <PersonalBlock entry="legalNoticeFr" question="annonce légale" facts={SRL_1000} onJump={noJump} />,
    );
    expect(screen.queryByTestId('assistant-personal')).toBeNull();
  });
});
