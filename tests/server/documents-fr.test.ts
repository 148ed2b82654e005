/**
 * The French documents of the golden corpus (tests/fixtures/golden-files-fr.ts), read as a registry
 * or a bank reads them: the text of the PDF (pdf.js) and of the Word file. Every mention issue 33 asks
 * of the statuts is there for every legal form, no blank is left for what the wizard asks, and the
 * gender is chosen ("née", "associée", "présidente"), never "né(e)".
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createDocumentBuilder, type DocumentSku } from '../../server/services/documents/build-document';
import { writeDocument } from '../../server/services/documents/write-document';
import { loadWizard, validateCompanyFile } from '../../server/services/company-files';
import { readCaenClasses } from '../../src/shared/wizard-source.node.ts';
import { completeCompanyFile } from '../fixtures/company-file';
import { goldenFilesFr, type GoldenFile } from '../fixtures/golden-files-fr';
import { docxText, pdfText, squeeze } from './document-text';

const wizard = loadWizard();
const builder = createDocumentBuilder({
  legalForms: wizard.legalForms,
  caenClasses: readCaenClasses(process.cwd()),
});

/** What `or_blank` prints where a value is missing. */
const BLANK = '……';
const GOLDEN = goldenFilesFr();
const golden = (name: string): GoldenFile => {
  const file = GOLDEN.find((entry) => entry.name === name);
  if (!file) throw new Error(`no golden file "${name}"`);
  return file;
};

/** The PDF text of a document of `data` in French, without white space (line breaks fall anywhere). */
async function pdf(sku: DocumentSku, data: Record<string, unknown>): Promise<string> {
  return squeeze((await pdfText(await writeDocument(builder.build(sku, data), 'pdf'))).text);
}
/** The Word text of a document of `data` in `language`, without white space. */
async function docx(
  sku: DocumentSku,
  data: Record<string, unknown>,
  language: 'fr' | 'en' | 'ro',
): Promise<string> {
  return squeeze(docxText(await writeDocument(builder.build(sku, data, { language }), 'docx')).body);
}

const has = (text: string, words: string) => expect(text).toContain(squeeze(words));
const hasNot = (text: string, words: string) => expect(text).not.toContain(squeeze(words));

/** The statuts (PDF) and the two declarations of each golden file, in French. */
const texts = new Map<string, { statuts: string; declaration: string; owners: string; word: string }>();
beforeAll(async () => {
  for (const file of GOLDEN)
    texts.set(file.name, {
      statuts: await pdf('LEGAL_STATUSES', file.data),
      declaration: await pdf('CERTIFICATES_OF_NON_CONVICTION_AND_AFFILIATION', file.data),
      owners: await pdf('LIST_OF_BENEFICIARIES', file.data),
      word: await docx('LEGAL_STATUSES', file.data, 'fr'),
    });
}, 120_000);
const textsOf = (name: string) => {
  const found = texts.get(name);
  if (!found) throw new Error(`no documents for "${name}"`);
  return found;
};

describe('the French golden corpus', () => {
  it('is made of complete files the wizard accepts', () => {
    for (const file of GOLDEN) expect(validateCompanyFile(wizard, file.data), file.name).toEqual([]);
    expect(new Set(GOLDEN.map((file) => file.form))).toEqual(
      new Set(['FR-SAS', 'FR-SASU', 'FR-SARL', 'FR-EURL']),
    );
  });

  it.each(GOLDEN.map((file) => [file.name, file] as const))(
    '%s: no blank, no "(e)", the deposit, the état des actes and the number of originals',
    (_name, file) => {
      const { statuts, declaration, owners, word } = textsOf(file.name);
      // The Word file says what the PDF says.
      has(word, `en ${file.originals} exemplaires originaux`);
      has(word, 'Annexe – État des actes accomplis pour le compte de la société en formation');
      for (const text of [statuts, declaration, owners, word]) {
        expect(text).not.toContain(BLANK);
        expect(text).not.toMatch(/\((e|s|es)\)/);
      }
      // The deposit: a credit institution or a notary, never the Caisse des dépôts (R. 22-10-6 / R. 223-3).
      hasNot(statuts, 'Caisse des dépôts');
      hasNot(statuts, 'R. 225-6');
      if (file.form.startsWith('FR-SAS')) has(statuts, 'L. 225-5 et R. 22-10-6');
      else has(statuts, 'L. 223-7 et R. 223-3');
      const depositary = file.data.capitalDepositary;
      if (typeof depositary === 'string')
        has(statuts, `auprès de ${depositary}, comme l'atteste le certificat du dépositaire en date du`);
      else
        has(
          statuts,
          "auprès d'un établissement de crédit ou d'un notaire, comme l'atteste le certificat du dépositaire,",
        );
      // C. civ. 1375: the number of originals, one per signatory plus the company's and the registry's.
      has(statuts, `en ${file.originals} exemplaires originaux : un pour chaque signataire`);
      hasNot(statuts, "en autant d'exemplaires originaux que nécessaire");
      // R. 210-5: the état is annexed, after the signatures; R. 210-6: a mandate of determined acts.
      has(statuts, 'Annexe – État des actes accomplis pour le compte de la société en formation');
      expect(statuts.indexOf(squeeze('Annexe – État des actes'))).toBeGreaterThan(
        statuts.indexOf(squeeze('Lu et approuvé')),
      );
      has(
        statuts,
        "faire publier l'avis de constitution de la société dans un support habilité à recevoir les annonces légales",
      );
      has(
        statuts,
        "le contrat de domiciliation, le bail ou la convention d'occupation des locaux du siège social",
      );
      has(statuts, "accomplir les formalités d'immatriculation au registre du commerce et des sociétés");
      if (file.data.actsBeforeRegistration === undefined) has(statuts, 'Néant.');
    },
  );
});

describe('the wizard’s new French fields', () => {
  const keywords = (data: Record<string, unknown>) =>
    validateCompanyFile(wizard, data).map((error) => `${error.path} ${error.keyword}`);

  it('refuses a deposit certificate dated in the future and an act without a description', () => {
    const { data } = golden('SARL, 2 associates, married, foreign gérant, a fifth paid');
    expect(keywords({ ...data, capitalDepositDate: '2999-01-01' })).toContain(
      '/capitalDepositDate notAfterToday',
    );
    expect(
      keywords({ ...data, actsBeforeRegistration: [{ date: '2026-01-02', description: ' ' }] }),
    ).toContain('/actsBeforeRegistration/0/description pattern');
  });

  it('are French only: a Romanian file may not carry them', () => {
    const romanian = completeCompanyFile(2, '2026-01-15', 'RO-SRL');
    expect(validateCompanyFile(wizard, romanian)).toEqual([]);
    expect(keywords({ ...romanian, capitalDepositary: 'Banca Transilvania' }).join(' ')).toMatch(
      /capitalDepositary|additionalProperties/,
    );
  });
});

describe('the état des actes and the R. 210-6 mandate', () => {
  it('lists the acts done before the signature in the annex, and those after it in the mandate', async () => {
    const file = golden('SAS, 3 associates with a company, foreign président, DG, half paid');
    // Word's body: no page footer falls in the middle of a clause.
    const statuts = await docx('LEGAL_STATUSES', file.data, 'fr');
    const annex = statuts.slice(statuts.indexOf(squeeze('Annexe – État des actes')));
    has(annex, '5 janvier 2026');
    has(annex, 'Bail commercial des locaux du 12 rue de la Paix, Paris, conclu avec la SCI Rivoli');
    has(annex, '1 800,00 €');
    has(annex, "Commande d'un four professionnel à la société Fours Bongard");
    has(annex, 'Sans montant déterminé');
    hasNot(annex, 'Néant');
    hasNot(annex, 'MAAF');
    // Dated after the signature: a determined act of the mandate given to the président.
    has(statuts, 'mandat au président de prendre, pour le compte de la société en formation');
    has(
      statuts,
      "Contrat d'assurance multirisque des locaux avec la MAAF, le 2 février 2026, pour un engagement de 420,00 €",
    );
  });

  it('says "Néant" when the founders list no act, and gives the mandate to the gérance in a SARL', () => {
    const sarl = textsOf('SARL, 3 associates with a company, two gérantes').statuts;
    has(sarl.slice(sarl.indexOf(squeeze('Annexe – État des actes'))), 'Néant.');
    has(sarl, 'mandat à la gérance de prendre');
  });
});

describe('SAS and SASU', () => {
  const sas = () => textsOf('SAS, 3 associates with a company, foreign président, DG, half paid').statuts;

  it('names the body with which the CSE delegates exercise their rights (C. trav. L. 2312-76)', () => {
    for (const name of [
      'SAS, 2 associates, président associate, no act',
      'SASU, sole associate présidente, half paid',
    ]) {
      const { statuts } = textsOf(name);
      has(statuts, 'Article 16 – Comité social et économique');
      has(
        statuts,
        'ses délégués exercent auprès du président les droits définis par les articles L. 2312-72 à L. 2312-77 du Code du travail',
      );
      has(statuts, 'L. 2312-76');
    }
  });

  it('names the directeur général, who accepts, with the président’s powers, and the foreign président', () => {
    const text = sas();
    has(
      text,
      'Est nommé premier directeur général de la société, pour la durée des fonctions du président : Monsieur Hugo BERNARD, né le',
    );
    has(text, "qui dispose à l'égard des tiers des mêmes pouvoirs que le président");
    has(text, '« Bon pour acceptation des fonctions de directeur général »');
    has(
      text,
      'Est nommé premier président de la société, pour une durée indéterminée : Monsieur Jonas SCHMIDT, né le 12 avril 1980 à München, Allemagne, de nationalité allemande',
    );
    has(text, 'Président, non associé');
  });

  it('sets a deadline to buy the shares after a refused agrément', () => {
    has(
      sas(),
      "Si l'acquisition n'est pas réalisée dans un délai de trois mois à compter de la notification du refus, l'agrément est réputé acquis.",
    );
    has(sas(), 'L. 228-24 par analogie');
  });

  it('says unanimity for an agrément clause is the associates’ choice, the law asking it for inaliénabilité (L. 227-19)', () => {
    has(sas(), "clause d'inaliénabilité (Code de commerce, art. L. 227-19)");
    has(
      sas(),
      "par choix des associés, qui va au-delà de la loi, il en est de même de toute décision qui adopte ou modifie une clause d'agrément",
    );
  });

  it('records a SASU’s decisions in a register, approval by filing when the sole associate is président (L. 227-9)', () => {
    const { statuts } = textsOf('SASU, sole associate présidente, half paid');
    has(
      statuts,
      'Ses décisions sont répertoriées dans un registre coté et paraphé tenu au siège social (Code de commerce, art. L. 227-9, al. 3',
    );
    has(
      statuts,
      "Lorsque l'associé unique, personne physique, assume personnellement la présidence de la société, le dépôt au registre du commerce et des sociétés",
    );
    has(statuts, 'Associée unique, présidente');
    has(statuts, 'La soussignée');
  });

  it('identifies a company associate by its registration and representative', () => {
    const { statuts } = textsOf('SASU, company associate, foreign présidente');
    has(statuts, 'la société Holding Martin, SAS, au capital de 10 000 €');
    has(statuts, 'immatriculée sous le numéro RCS Lyon 912 345 678, représentée par Monsieur Paul MARTIN');
    has(statuts, 'Est nommée première présidente');
    has(statuts, 'Madame Greta SCHMIDT, née le');
    has(statuts, 'Présidente, non associée');
  });
});

describe('spouses contributing common funds (C. civ. 1832-2)', () => {
  it('justifies the spouse’s information in a SAS, and the right to become an associate in a SARL', () => {
    const sas = textsOf('SAS, 3 associates with a company, foreign président, DG, half paid').statuts;
    has(sas, 'Madame Camille DUPONT, née le 12 avril 1980 à Lyon, France, de nationalité française');
    has(sas, 'mariée sous le régime légal de la communauté réduite aux acquêts');
    has(
      sas,
      "Conformément à l'article 1832-2 du Code civil, Madame Camille DUPONT déclare que son apport est fait au moyen de biens communs, et que son conjoint, Monsieur Marc DURAND, a été averti de cet apport.",
    );
    const sarl = textsOf('SARL, 2 associates, married, foreign gérant, a fifth paid').statuts;
    has(
      sarl,
      "son conjoint, Madame Claire MOREAU, a été avertie de cet apport et informée de la faculté que lui ouvre l'alinéa 3 du même article",
    );
    has(
      textsOf('EURL, sole associate gérant, married, half paid').statuts,
      'pour la moitié des parts souscrites',
    );
  });
});

describe('SARL and EURL', () => {
  it('does not let one of two associates represent the other (L. 223-28)', () => {
    const { statuts } = textsOf('SARL, 2 associates, married, foreign gérant, a fifth paid');
    has(
      statuts,
      'Un associé peut se faire représenter par son conjoint, à moins que la société ne comprenne que les deux époux, et, sauf si les associés ne sont que deux, par un autre associé',
    );
    hasNot(statuts, 'par son conjoint ou par un autre associé');
  });

  it('names the gérants in their gender, the foreign gérant included', () => {
    has(
      textsOf('SARL, 3 associates with a company, two gérantes').statuts,
      'Sont nommées premières gérantes de la société',
    );
    has(
      textsOf('SARL, 3 associates with a company, two gérantes').statuts,
      "n'être frappées d'aucune incompatibilité",
    );
    const foreign = textsOf('SARL, 2 associates, married, foreign gérant, a fifth paid');
    has(
      foreign.statuts,
      'Monsieur Jonas SCHMIDT, né le 12 avril 1980 à München, Allemagne, de nationalité allemande',
    );
    has(foreign.declaration, 'Je soussigné :');
    has(foreign.declaration, 'nommé en qualité de gérant');
    has(textsOf('EURL, company associate, foreign gérante').declaration, 'Je soussignée :');
  });

  it('speaks of one associate in an EURL', () => {
    const { statuts } = textsOf('EURL, sole associate gérant, married, half paid');
    hasNot(statuts, "l'égalité des associés");
    has(statuts, "L'associé unique exerce les pouvoirs dévolus à l'assemblée des associés");
    has(statuts, 'Associé unique, gérant');
    has(statuts, "sous réserve des pouvoirs que la loi attribue expressément à l'associé unique");
    has(statuts, 'Article 12 – Conventions entre la société et ses gérants ou son associé unique');
    has(
      textsOf('SARL, 3 associates with a company, two gérantes').statuts,
      "En aucun cas la réduction ne peut porter atteinte à l'égalité des associés.",
    );
  });
});

describe('the beneficial owners by default (C. mon. fin. R. 561-1)', () => {
  it('names the legal representatives in their gender when nobody holds more than 25 %', async () => {
    const data = completeCompanyFile(5, '2026-01-15', 'FR-SAS');
    // Five associates of 20 % each; the founder is présidente, the third associate directrice générale.
    data.directorGeneralId = 'p3';
    data.persons = (data.persons as Record<string, unknown>[]).map((person) =>
      person.id === 'p3'
        ? { ...person, civility: 'F', fatherName: 'Paul Subscriber3', motherName: 'Anne Moreau' }
        : person,
    );
    expect(validateCompanyFile(wizard, data)).toEqual([]);
    const owners = await pdf('LIST_OF_BENEFICIARIES', data);
    has(owners, 'Représentante légale (présidente)');
    has(owners, 'Représentante légale (directrice générale)');
    expect(owners).not.toMatch(/\((e|s|es)\)/);
  });
});

describe('a draft whose manager has no civility yet', () => {
  it('prints no "(e)" nor "(ă)" in the declaration, in French or Romanian', async () => {
    const data = completeCompanyFile(2, '2026-01-15', 'FR-SARL');
    const persons = data.persons as Record<string, unknown>[];
    data.persons = persons.map((person, index) =>
      index === 0 ? { ...person, civility: undefined } : person,
    );
    const french = await docx('CERTIFICATES_OF_NON_CONVICTION_AND_AFFILIATION', data, 'fr');
    has(french, 'Je soussigné :');
    expect(french).not.toMatch(/\((e|s|es)\)/);
    const romanian = await docx('CERTIFICATES_OF_NON_CONVICTION_AND_AFFILIATION', data, 'ro');
    has(romanian, 'Subsemnatul:');
    expect(romanian).not.toMatch(/\(ă\)|Subsemnatul\/Subsemnata/);
  });
});

describe('the courtesy translations of the statuts', () => {
  const file = () => golden('SAS, 3 associates with a company, foreign président, DG, half paid');

  it('carry the same new clauses in English', async () => {
    const text = await docx('LEGAL_STATUSES', file().data, 'en');
    has(text, 'Annex – Statement of the acts performed on behalf of the company being formed');
    has(text, 'Article 16 – Social and economic committee');
    has(text, 'in six originals: one for each signatory');
    has(text, 'with Banque Populaire Auvergne Rhône Alpes');
    has(text, 'L. 225-5 and R. 22-10-6');
    hasNot(text, 'Caisse des dépôts');
  });

  it('say "auditori statutari (commissaires aux comptes)", not "cenzori", in Romanian', async () => {
    const sas = await docx('LEGAL_STATUSES', file().data, 'ro');
    has(sas, 'auditori statutari (commissaires aux comptes)');
    expect(sas).not.toMatch(/cenzor/i);
    has(sas, 'Anexă – Situația actelor încheiate în numele societății în curs de constituire');
    has(sas, 'Articolul 16 – Comitetul social și economic');
    const sarl = await docx(
      'LEGAL_STATUSES',
      golden('SARL, 3 associates with a company, two gérantes').data,
      'ro',
    );
    expect(sarl).not.toMatch(/cenzor/i);
  });
});
