import { describe, expect, it } from 'vitest';
import enFaq from '../../../locales/en/faq.json';
import frFaq from '../../../locales/fr/faq.json';
import roFaq from '../../../locales/ro/faq.json';
import type { StepDefinition } from '@/forms/form-definition';
import { loadLegalFormSteps } from '@/forms/generated/wizard-steps';
import type { Language } from '@/lib/i18n/languages';
import { createTestI18n } from '@/testing/render';
import {
  createKnowledgeIndex,
  knowledgeEntries,
  stems,
  wizardFieldHints,
  type KnowledgeEntry,
} from './knowledge-index';

// The steps of a French SAS (each legal form has its own hints).
const wizardSteps = (await loadLegalFormSteps['FR-SAS']?.()) ?? [];

const FAQ = { fr: frFaq, en: enFaq, ro: roFaq } satisfies Record<Language, typeof frFaq>;
const LANGS = Object.keys(FAQ) as Language[];

/** The fields' hints and the landing page's FAQ in `language`: a smaller base than the assistant's. */
function fieldsAndFaq(language: Language): KnowledgeEntry[] {
  const i18n = createTestI18n(language);
  return knowledgeEntries(
    wizardFieldHints(wizardSteps),
    (key) => String(i18n.t(key as never)),
    i18n.t('faq:items', { returnObjects: true }),
    {},
  );
}

const answersTo = (language: Language, question: string) =>
  createKnowledgeIndex(fieldsAndFaq(language))
    .search(question)
    .map(({ entry }) => `${entry.kind}:${entry.id}`);

describe('stems', () => {
  it('lowers the case and removes accents, Romanian commas and breves included', () => {
    expect(stems('Société Ștefan Țară Mâine')).toEqual(['societ', 'stefan', 'tara', 'maine']);
    expect(stems('ACȚIUNI')).toEqual(stems('actiuni'));
  });

  it('drops a plural s from words longer than three letters', () => {
    expect(stems('actions')).toEqual(stems('action'));
    expect(stems('shares')).toEqual(['share']);
    expect(stems('subscribers')).toEqual(stems('subscriber'));
    // A short word keeps its s.
    expect(stems('bus')).toEqual(['bus']);
  });

  it('keeps the first six letters, so that endings do not matter', () => {
    expect(stems('capitalul')).toEqual(['capita']);
    expect(stems('capitalul')).toEqual(stems('capital'));
    expect(stems('subscription subscriptions')).toEqual(['subscr', 'subscr']);
  });

  it('splits on anything that is not a letter or a digit, and drops words under three letters', () => {
    expect(stems("Nombre d'actions ? (capital: 1000 €)")).toEqual(['nombre', 'action', 'capita', '1000']);
    expect(stems('a an de of')).toEqual([]);
    expect(stems('')).toEqual([]);
  });

  it('drops chat fillers and possessives, and a question word with an s ("whats")', () => {
    expect(stems('notre capital svp lol')).toEqual(['capita']);
    expect(stems('whats our capital pls')).toEqual(['capita']);
  });

  it('drops the words of asking, which say nothing of the subject', () => {
    expect(stems("Combien d'actions ?")).toEqual(['action']);
    expect(stems('What is the weather tomorrow?')).toEqual(['the', 'weathe', 'tomorr']);
    expect(stems('Cum plătesc?')).toEqual(['plates']);
  });
});

describe('wizardFieldHints', () => {
  /**
   * Every field of the steps whose uiSchema gives a tooltip, read straight from the step files, the
   * fields of a list's elements too, and of a list within them (a company's owners).
   */
  function fieldsWithTooltips(): string[] {
    type Node = Record<string, Record<string, unknown> | undefined>;
    const fields: string[] = [];
    const visit = (properties: Record<string, unknown>, ui: Node, prefix: string) => {
      for (const [name, schema] of Object.entries(properties)) {
        if (ui[name]?.['ui:tooltip']) fields.push(`${prefix}${name}`);
        const items =
          typeof schema === 'object' && schema !== null ? (schema as { items?: unknown }).items : undefined;
        if (!items || typeof items !== 'object' || Array.isArray(items)) continue;
        const itemProperties = (items as { properties?: Record<string, unknown> }).properties ?? {};
        visit(itemProperties, (ui[name]?.items ?? {}) as Node, `${prefix}${name}.`);
      }
    };
    for (const step of wizardSteps) visit(step.form.schema.properties ?? {}, step.form.uiSchema as Node, '');
    return fields;
  }

  it('lists every field of the wizard that has a tooltip, in the order of the steps', () => {
    const fields = wizardFieldHints(wizardSteps).map((hint) => hint.field);

    expect([...fields].sort()).toEqual(fieldsWithTooltips().sort());
    expect(fields).toContain('shareCapital');
    expect(fields).toContain('subscribers');
    expect(fields).toContain('subscribers.personId');
    expect(fields).toContain('subscribers.paidAmount');
    expect(fields).toContain('persons.dateOfBirth');
    expect(fields.indexOf('persons.lastName')).toBeLessThan(fields.indexOf('shareCapital'));
    expect(fields.indexOf('shareCapital')).toBeLessThan(fields.indexOf('subscribers.personId'));
    expect(new Set(fields).size).toBe(fields.length);
  });

  it("gives a list element's field the keys of its uiSchema and of its step's title", () => {
    const hint = wizardFieldHints(wizardSteps).find(
      (candidate) => candidate.field === 'subscribers.personId',
    );

    expect(hint).toEqual({
      field: 'subscribers.personId',
      titleKey: 'wizard:fields.subscriber.person.title',
      tooltipKey: 'wizard:fields.subscriber.person.tooltip',
      stepTitleKey: 'wizard:steps.subscribers.title',
    });
    expect(
      wizardFieldHints(wizardSteps).find((candidate) => candidate.field === 'persons.dateOfBirth'),
    ).toEqual({
      field: 'persons.dateOfBirth',
      titleKey: 'wizard:fields.person.dateOfBirth.title',
      tooltipKey: 'wizard:fields.person.dateOfBirth.tooltip',
      stepTitleKey: 'wizard:steps.people.title',
    });
  });

  it.each(LANGS)('names only keys that exist in %s', (language) => {
    const i18n = createTestI18n(language);
    for (const hint of wizardFieldHints(wizardSteps)) {
      for (const key of [hint.titleKey, hint.tooltipKey, hint.stepTitleKey]) {
        expect(i18n.exists(key), key).toBe(true);
      }
    }
  });

  it('skips fields without a title or a tooltip', () => {
    const step = {
      id: 'test',
      title: 'test:step',
      icon: 'file',
      form: {
        name: 'test',
        schema: {
          type: 'object',
          properties: { a: { type: 'string' }, b: { type: 'string' }, c: { type: 'string' } },
        },
        uiSchema: {
          'ui:order': ['a', 'b', 'c'],
          a: { 'ui:title': 'test:a.title', 'ui:tooltip': 'test:a.tooltip' },
          b: { 'ui:title': 'test:b.title' },
          c: { 'ui:tooltip': 'test:c.tooltip' },
        },
        validator: undefined as never,
      },
    } satisfies StepDefinition;

    expect(wizardFieldHints([step])).toEqual([
      { field: 'a', titleKey: 'test:a.title', tooltipKey: 'test:a.tooltip', stepTitleKey: 'test:step' },
    ]);
  });
});

describe('createKnowledgeIndex', () => {
  it('answers questions by their subject, not by their words of asking', () => {
    // "actions" alone is now in six fields (the agrément and inaliénabilité clauses speak of them too):
    // the question names its subject.
    expect(answersTo('fr', "Nombre d'actions ?")[0]).toBe('field:numberOfShares');
    expect(answersTo('en', 'What is the weather tomorrow?')).toEqual([]);
  });

  it('answers "capital social minimum" in French with the share capital field first', () => {
    expect(answersTo('fr', 'capital social minimum')[0]).toBe('field:shareCapital');
  });

  it('answers "capital social minim" in Romanian with the share capital field first', () => {
    expect(answersTo('ro', 'Care este capitalul social minim?')[0]).toBe('field:shareCapital');
  });

  it('answers "How many shares?" in English with a number-of-shares field', () => {
    const answers = answersTo('en', 'How many shares?');

    expect(['field:numberOfShares', 'field:subscribers.shares']).toContain(answers[0]);
    expect(answers).toContain('field:numberOfShares');
  });

  it('answers "metode de plată" in Romanian with the FAQ entry on payment', () => {
    expect(answersTo('ro', 'metode de plată')[0]).toBe('faq:payment');
  });

  it('answers the FAQ questions in every language with their own entry', () => {
    for (const language of LANGS) {
      for (const [id, item] of Object.entries(FAQ[language].items)) {
        expect(answersTo(language, item.question)[0], `${language}: ${item.question}`).toBe(`faq:${id}`);
      }
    }
  });

  it.each([
    ['fr', 'météo demain'],
    ['en', 'weather tomorrow'],
    ['ro', 'vremea de mâine'],
    ['en', ''],
    ['fr', '?!'],
  ] as const)('has no answer to an unrelated question (%s: "%s")', (language, question) => {
    expect(answersTo(language, question)).toEqual([]);
  });

  it('gives at most three answers, best first', () => {
    const index = createKnowledgeIndex(fieldsAndFaq('en'));
    for (const question of [
      'shares',
      'address',
      'company name',
      'subscriber subscription shares paid amount',
    ]) {
      const scores = index.search(question).map((match) => match.score);
      expect(scores.length).toBeLessThanOrEqual(3);
      expect(scores).toEqual([...scores].sort((a, b) => b - a));
    }
  });

  const entry = (id: string, title: string, text: string): KnowledgeEntry => ({
    kind: 'faq',
    id,
    title,
    text,
    context: '',
  });

  it('weighs a word by its rarity: a word every entry holds answers nothing', () => {
    const index = createKnowledgeIndex([
      entry('a', 'The company name', 'The name of the company.'),
      entry('b', 'The president', 'The president of the company.'),
      entry('c', 'The capital', 'The money of the company.'),
      entry('d', 'The duration', 'How long the company lasts.'),
    ]);

    expect(index.search('the company')).toEqual([]);
    expect(index.search('What about the president?').map((match) => match.entry.id)).toEqual(['b']);
  });

  it("counts a word of an entry's title more than twice as much as a word of its text (more when it is the whole title), and drops weak answers", () => {
    // Enough other entries for "capital" (in two of them) to be a rare word.
    const others = [
      'Name',
      'Office',
      'Duration',
      'President',
      'Address',
      'Purpose',
      'Nationality',
      'Birth',
      'Father',
      'Mother',
    ].map((topic) => entry(topic, topic, `About the ${topic.toLowerCase()}.`));
    const inText = entry('text', 'Money', 'The capital is the money brought.');
    const inTitle = createKnowledgeIndex([
      entry('title', 'Capital', 'How much to bring.'),
      inText,
      ...others,
    ]);
    const bothInText = createKnowledgeIndex([
      entry('title', 'Amount', 'The capital to bring.'),
      inText,
      ...others,
    ]);

    const [titleMatch, ...rest] = inTitle.search('capital');
    const textMatches = bothInText.ask('capital').closest;

    expect(titleMatch?.entry.id).toBe('title');
    expect(textMatches.map((match) => match.entry.id).sort()).toEqual(['text', 'title']);
    // Twice for the title, and half as much again: "capital" is that entry's whole title. A word of a
    // short answer counts a little more than once (BM25), never as much as a title's.
    expect(titleMatch?.score).toBeGreaterThan(2 * (textMatches[0]?.score ?? Number.NaN));
    // Half as good as the best answer: not worth showing beside it.
    expect(rest).toEqual([]);
    // A word found in answers only is too weak an answer on its own.
    expect(bothInText.search('capital')).toEqual([]);
  });

  it('finds nothing in an empty index', () => {
    expect(createKnowledgeIndex([]).search('capital')).toEqual([]);
  });
});

describe('founders’ own words', () => {
  const entry = (id: string, title: string, extra: Partial<KnowledgeEntry> = {}): KnowledgeEntry =>
    ({ kind: 'faq', id, title, text: '', context: '', ...extra }) as KnowledgeEntry;
  const index = createKnowledgeIndex([
    entry('office', 'Le siège social de la société', { jurisdiction: 'FR' }),
    entry('officeRo', 'Sediul social al societății în România', { jurisdiction: 'RO' }),
    entry('homeFr', 'A registered office at home', { jurisdiction: 'FR' }),
    entry('homeRo', 'A registered office at home', { jurisdiction: 'RO' }),
    entry('manager', 'Le gérant de la SARL'),
    entry('capital', 'Le capital minimum'),
    entry('website', 'Le nom de domaine du site'),
  ]);
  const ids = (question: string, jurisdiction?: 'FR' | 'RO') =>
    index.search(question, { jurisdiction }).map((match) => match.entry.id);

  it('reads a synonym as the word of the entries ("boîte" for "société", "patron" for "gérant")', () => {
    expect(ids('siège de ma boîte')[0]).toBe('office');
    expect(ids('le patron de la sarl')[0]).toBe('manager');
  });

  it('reads a word one letter off as the entry’s word, only beside a word it knows', () => {
    expect(ids('le gerrant de la sarl')[0]).toBe('manager');
    // Alone, a near word is no answer: "demain" is not a mistyped "domaine".
    expect(ids('météo demain')).toEqual([]);
  });

  it('reads a word with a letter typed twice as the entry’s word, though stems stop at six letters', () => {
    const typo = createKnowledgeIndex([
      entry('capital', 'Le capital de la SARL'),
      entry('manager', 'Le gérant de la SARL'),
      entry('other', 'Autre chose'),
    ]);
    expect(typo.search('le gerrant de la sarl')[0]?.entry.id).toBe('manager');
  });

  it('refuses a weak answer when most of the question is about something else', () => {
    const entries = [
      entry('office', 'Le siège social de la société à Paris'),
      entry('capital', 'Le capital minimum de la société'),
      entry('website', 'Le nom de domaine du site'),
      entry('other', 'Autre chose'),
    ];
    const question = 'recette des crêpes de ma grand-mère à Paris';
    // Before issue 36, "Paris" was enough.
    expect(createKnowledgeIndex(entries, { minSupport: 0 }).search(question)[0]?.entry.id).toBe('office');
    expect(createKnowledgeIndex(entries).search(question)).toEqual([]);
    // A question the entry explains is answered still.
    expect(createKnowledgeIndex(entries).search('siège social à Paris')[0]?.entry.id).toBe('office');
  });

  it('answers a question that names a country with that country’s entries only', () => {
    expect(ids('siège social en Roumanie')).not.toContain('office');
    expect(ids('sediul social în Franța')).not.toContain('officeRo');
  });

  it('ranks the founder’s country first when the question names none', () => {
    expect(ids('office at home?', 'RO')[0]).toBe('homeRo');
    expect(ids('office at home?', 'FR')[0]).toBe('homeFr');
  });

  it('reads "vs" as "différence", a word founders type for one the entries use', () => {
    const compare = createKnowledgeIndex([
      entry('difference', 'La différence entre SAS et SARL'),
      entry('sas', 'Le président de la SAS'),
      entry('sarl', 'Le gérant de la SARL'),
      entry('other', 'Autre chose'),
    ]);
    expect(compare.search('SAS vs SARL')[0]?.entry.id).toBe('difference');
  });

  it('refuses a question about what the guide does not cover, and offers the closest entries instead', () => {
    const guarded = createKnowledgeIndex(
      [entry('capital', 'Le capital minimum de la société'), entry('manager', 'Le gérant de la SARL')],
      { outsideGuide: 'numéro de TVA | taux de TVA | déposer une marque' },
    );
    expect(guarded.search('quel taux de TVA pour ma société ?')).toEqual([]);
    expect(guarded.ask('quel taux de TVA pour ma société ?').closest.map((match) => match.entry.id)).toEqual([
      'capital',
    ]);
    expect(guarded.search('capital minimum')[0]?.entry.id).toBe('capital');
    expect(guarded.ask('quel taux de TVA pour ma société ?').outsideGuide).toBe(true);
    expect(guarded.ask('capital minimum').outsideGuide).toBe(false);
    expect(guarded.ask('météo demain').outsideGuide).toBe(false);
    // The share of a question's words the entries use: low for a question in another language.
    expect(guarded.ask('capital minimum').knownShare).toBe(1);
    expect(guarded.ask('how much money must the shareholders bring').knownShare).toBeLessThan(0.5);
  });

  it('reads a share the founder quotes ("80 %") as no word, and keeps other numbers', () => {
    expect(stems('mon pote a 80 % du capital et moi 20%')).toEqual(stems('mon pote a du capital et moi'));
    expect(stems('50%-50% sau 40 la sută')).toEqual(['sau']);
    expect(stems('un capital de 1000 €')).toContain('1000');
  });

  it('takes a question for a field’s name only when that name is most of it', () => {
    const field = (id: string, title: string): KnowledgeEntry => ({
      kind: 'field',
      id,
      title,
      text: '',
      context: '',
    });
    const named = createKnowledgeIndex([
      field('legalForm', 'Forme juridique'),
      entry('licence', 'Une activité réglementée : faut-il une licence ?', {
        phrasings: 'ouvrir un resto, faut une licence | bar restaurant licence',
      }),
      entry('other', 'Autre chose'),
      entry('more', 'Encore autre chose'),
    ]);
    expect(named.search('forme juridique')[0]?.entry.id).toBe('legalForm');
    expect(
      named.search('je veux ouvrir un resto, quelle forme juridique et faut une licence ?')[0]?.entry.id,
    ).toBe('licence');
  });

  it('ranks the wizard’s fields first when the question says it is about the form', () => {
    const fields = createKnowledgeIndex([
      { kind: 'field', id: 'yearEnd', title: 'Clôture de l’exercice', text: 'Sa date.', context: '' },
      entry('accounts', 'La date de clôture de l’exercice'),
      entry('other', 'Autre chose'),
      entry('more', 'Encore autre chose'),
    ]);
    const ask = (question: string) => fields.ask(question).closest.map((match) => match.entry.id);
    expect(ask('date de clôture de l’exercice ?')[0]).toBe('accounts');
    expect(ask('date de clôture de l’exercice, je mets quoi dans le formulaire ?')[0]).toBe('yearEnd');
  });

  it('ranks the entries about the founder’s legal form first', () => {
    const forms = createKnowledgeIndex([
      entry('alone', 'Starting alone: which form?', { legalForms: ['SASU', 'EURL'] }),
      entry('alone2', 'Starting alone: which form?', { legalForms: ['SRL_SOLE'] }),
      entry('other', 'Something else'),
    ]);
    expect(forms.search('starting alone?', { legalForm: 'SRL_SOLE' })[0]?.entry.id).toBe('alone2');
    expect(forms.search('starting alone?', { legalForm: 'EURL' })[0]?.entry.id).toBe('alone');
  });
});
