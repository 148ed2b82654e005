import { describe, expect, it } from 'vitest';
import enFaq from '../../../locales/en/faq.json';
import enKnowledge from '../../../locales/en/knowledge.json';
import frFaq from '../../../locales/fr/faq.json';
import frKnowledge from '../../../locales/fr/knowledge.json';
import roFaq from '../../../locales/ro/faq.json';
import roKnowledge from '../../../locales/ro/knowledge.json';
import { splitFirstSentence } from './short-answer';

describe('splitFirstSentence', () => {
  it('keeps a short answer whole', () => {
    expect(splitFirstSentence('Oui. Tout de suite.')).toEqual({ first: 'Oui. Tout de suite.', rest: '' });
  });

  it('cuts after the first sentence, never after a cited article', () => {
    const { first, rest } = splitFirstSentence(frFaq.items.frenchCapital.answer);
    expect(first).toBe(
      "La loi ne fixe aucun minimum : les statuts choisissent le montant, et 1 € suffit (C. com., art. L. 227-1 pour la SAS et la SASU, art. L. 223-2 pour la SARL et l'EURL).",
    );
    expect(rest.startsWith('Le plancher de 37 000 €')).toBe(true);
  });

  it('does not end a sentence after "C." or "art." outside brackets', () => {
    const text = `Le dirigeant signe une déclaration prévue par le C. com., art. A. 123-51, et la remet au greffe avec son dossier complet. ${'La suite est longue. '.repeat(8)}`;
    expect(splitFirstSentence(text).first).toBe(
      'Le dirigeant signe une déclaration prévue par le C. com., art. A. 123-51, et la remet au greffe avec son dossier complet.',
    );
  });

  it('loses no word of any answer', () => {
    const items = { ...frFaq.items, ...frKnowledge.items };
    for (const { answer } of Object.values(items)) {
      const { first, rest } = splitFirstSentence(answer);
      expect(`${first} ${rest}`.trim().replace(/\s+/g, ' ')).toBe(answer.trim().replace(/\s+/g, ' '));
      expect(first.length).toBeGreaterThan(10);
    }
  });

  it('never ends the short answer on an abbreviation, in any language', () => {
    const answers = [frFaq, frKnowledge, enFaq, enKnowledge, roFaq, roKnowledge].flatMap((file) =>
      Object.values(file.items as Record<string, { answer: string }>).map((item) => item.answer),
    );
    expect(
      splitFirstSentence(
        `Nothing is paid before registration: since Law no. 223/2020, the capital is paid within three months. ${'More follows here. '.repeat(8)}`,
      ).first,
    ).toBe(
      'Nothing is paid before registration: since Law no. 223/2020, the capital is paid within three months.',
    );
    for (const answer of answers) {
      const { first } = splitFirstSentence(answer);
      expect(first, answer).not.toMatch(/\b(?:no|nr|art|al|alin|lit|pct|p|str|jud|cca|[A-Z])\.$/u);
    }
  });
});
