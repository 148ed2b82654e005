import { describe, expect, it } from 'vitest';
import { asksAboutAnotherCountry } from './other-countries';

describe('asksAboutAnotherCountry', () => {
  it.each([
    'How do I form an LLC in Wyoming?',
    'comment créer une GmbH ?',
    'cum deschid o firmă în Bulgaria ca să plătesc impozit mai mic',
    'je veux monter ma boîte en Belgique',
    'set up a company in the UK',
    'On veut ouvrir une SRL à Bruxelles avec mon beau-frère',
    'comment on crée une SRL en Belgique ?',
    'cum infiintez un SRL in Republica Moldova?',
    'how to register a GmbH in Berlin',
  ])('knows "%s" asks about another country’s company', (question) => {
    expect(asksAboutAnotherCountry(question)).toBe(true);
  });

  it.each([
    // Where someone lives is no company abroad.
    'my cofounder lives in Germany, can he sign remotely?',
    'Locuiesc în Italia, pot vărsa aportul în euro de acolo?',
    // France or Romania named: the guide's.
    'I live in Spain and want to create a SASU in France',
    'can my UK Ltd be an associate of a Romanian SRL?',
    // No company made abroad.
    'mon associé est au Canada pour 6 mois, il peut signer à distance ?',
    'Can a US citizen be président of a SAS?',
    // Review of issue 36's third round: a founder's or an associate's country.
    'Puis-je créer une SAS avec un associé en Allemagne ?',
    'Can I open a SAS with a partner in Germany?',
    'As a UK citizen, can I open a SAS?',
    'Je suis domicilié en Espagne, puis-je créer une SASU ?',
    'Comment créer une SARL avec un associé résidant en Belgique ?',
    'vreau să deschid un SRL, dar lucrez în Germania',
    'Can a company in Germany be a shareholder of my SAS?',
    'sunt din Republica Moldova, pot deschide o firmă?',
    // A foreign company as an associate of the guide's form.
    'est-il possible de créer une SAS dont un associé est une société allemande (GmbH) ?',
  ])('leaves "%s" to the guide', (question) => {
    expect(asksAboutAnotherCountry(question)).toBe(false);
  });
});
