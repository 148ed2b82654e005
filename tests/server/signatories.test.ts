/**
 * Who signs each document electronically: the persons its signature lines name (`@sign … | personId`
 * in the filing-language templates), each once, in the document's order; a company associate signs
 * through its representative. The printed document does not show the ids.
 */
import { describe, expect, it } from 'vitest';
import { createDocumentBuilder, type DocumentSku } from '../../server/services/documents/build-document';
import { writeDocument } from '../../server/services/documents/write-document';
import { loadWizard } from '../../server/services/company-files';
import { signatoriesOf } from '../../server/services/signing/signatories';
import { readCaenClasses } from '../../src/shared/wizard-source.node.ts';
import { completeCompanyFile } from '../fixtures/company-file';
import { goldenFilesFr } from '../fixtures/golden-files-fr';
import { goldenFilesRo } from '../fixtures/golden-files-ro';
import { docxText, pdfText } from './document-text';

const wizard = loadWizard();
const builder = createDocumentBuilder({
  legalForms: wizard.legalForms,
  caenClasses: readCaenClasses(process.cwd()),
});

const signatories = (sku: DocumentSku, data: Record<string, unknown>, language?: 'fr' | 'en' | 'ro') =>
  signatoriesOf(builder.build(sku, data, language ? { language } : {}).blocks);
const ids = (sku: DocumentSku, data: Record<string, unknown>) =>
  signatories(sku, data).map((signatory) => signatory.personId);

/** A French SAS: Camille (p1) and Alex (p2) associates, Hugo Bernard (p3) président holding no share. */
function sasWithOutsidePresident(): Record<string, unknown> {
  const data = completeCompanyFile(2);
  const persons = data.persons as Record<string, unknown>[];
  persons.push({
    id: 'p3',
    kind: 'natural',
    civility: 'M',
    lastName: 'Bernard',
    firstNames: 'Hugo',
    dateOfBirth: '1980-09-09',
    placeOfBirth: 'Lille, France',
    nationality: 'FR',
    address: '5 rue Nationale, 59000 Lille, France',
    fatherName: 'Louis Bernard',
    motherName: 'Anne Bernard née Leroy',
    maritalStatus: 'single',
  });
  data.managers = [{ personId: 'p3' }];
  return data;
}

describe('who signs a French SAS', () => {
  const data = sasWithOutsidePresident();

  it('the statuts: every associate, then the président who holds no share', () => {
    expect(signatories('LEGAL_STATUSES', data)).toEqual([
      { personId: 'p1', name: 'Madame Camille DUPONT', role: 'Associée' },
      { personId: 'p2', name: 'Monsieur Alex SUBSCRIBER2', role: 'Associé' },
      { personId: 'p3', name: 'Monsieur Hugo BERNARD', role: 'Président, non associé' },
    ]);
  });

  it('the declaration of non-conviction: its declarant, the président, alone', () => {
    expect(signatories('CERTIFICATES_OF_NON_CONVICTION_AND_AFFILIATION', data)).toEqual([
      { personId: 'p3', name: 'Hugo Bernard', role: 'Président' },
    ]);
  });

  it('the documents the legal representative signs: the président', () => {
    for (const sku of ['LIST_OF_BENEFICIARIES', 'SUBSCRIBERS_LIST', 'REGISTERED_OFFICE_PROOF'] as const)
      expect(ids(sku, data)).toEqual(['p3']);
  });

  it('the filing mandate: the président and the associate who files for the company', () => {
    expect(ids('FILING_MANDATE', { ...data, filerId: 'p2' })).toEqual(['p3', 'p2']);
  });

  it('the legal notice: nobody (it is not signed)', () => {
    expect(ids('LEGAL_NOTICE', data)).toEqual([]);
  });

  it('a courtesy translation names nobody: only the French original is signed', () => {
    expect(signatories('LEGAL_STATUSES', data, 'en')).toEqual([]);
    expect(signatories('LEGAL_STATUSES', data, 'ro')).toEqual([]);
  });

  it('the ids are printed nowhere, in the PDF or the Word file', async () => {
    const document = builder.build('LEGAL_STATUSES', data);
    const pdf = (await pdfText(await writeDocument(document, 'pdf'))).text;
    const word = docxText(await writeDocument(document, 'docx')).body;
    for (const text of [pdf, word]) {
      expect(text).toContain('DUPONT');
      expect(text).not.toMatch(/\bp[123]\b/);
    }
  });
});

describe('who signs when an associate is a company and the directeur général an associate', () => {
  const golden = goldenFilesFr().find((file) => file.name.startsWith('SAS, 3 associates with a company'));
  if (!golden) throw new Error('golden file missing');

  it('the statuts: the associates (the company through its representative), then the président', () => {
    const found = signatories('LEGAL_STATUSES', golden.data);
    expect(found.map((signatory) => signatory.personId)).toEqual(['p1', 'p3', 'p5', 'p6']);
    expect(found[1]?.name).toBe('Holding Martin, représentée par Monsieur Paul MARTIN');
  });

  it('one declaration of non-conviction per dirigeant: the président and the directeur général', () => {
    expect(ids('CERTIFICATES_OF_NON_CONVICTION_AND_AFFILIATION', golden.data)).toEqual(['p6', 'p5']);
  });

  it('for a signing round, one declarant’s document: their declaration alone, in every language', () => {
    const sku = 'CERTIFICATES_OF_NON_CONVICTION_AND_AFFILIATION';
    for (const personId of ['p6', 'p5']) {
      const own = builder.build(sku, golden.data, { onlyPersonId: personId });
      expect(signatoriesOf(own.blocks).map((signatory) => signatory.personId)).toEqual([personId]);
      const other = personId === 'p6' ? 'p5' : 'p6';
      const otherName = signatories(sku, golden.data).find((s) => s.personId === other)?.name ?? '?';
      expect(JSON.stringify(own.blocks)).not.toContain(otherName);
      const english = builder.build(sku, golden.data, { language: 'en', onlyPersonId: personId });
      expect(JSON.stringify(english.blocks)).not.toContain(otherName);
    }
  });
});

describe('who signs a Romanian SRL', () => {
  const files = goldenFilesRo();

  it('the articles of association: every associate, then the administrator holding no share', () => {
    expect(signatories('LEGAL_STATUSES', files.foreignAdministrator)).toEqual([
      expect.objectContaining({ personId: 'p1', role: 'Asociat' }),
      expect.objectContaining({ personId: 'p2', role: 'Asociat' }),
      expect.objectContaining({
        personId: 'p3',
        name: 'Jean MARTIN',
        role: 'Administrator neasociat, pentru acceptarea mandatului',
      }),
    ]);
  });

  it('the administrator’s declaration: the administrator', () => {
    expect(ids('CERTIFICATES_OF_NON_CONVICTION_AND_AFFILIATION', files.foreignAdministrator)).toEqual(['p3']);
    expect(ids('CERTIFICATES_OF_NON_CONVICTION_AND_AFFILIATION', files.several)).toEqual(['p1', 'p2']);
    // A signing round's document per administrator holds theirs alone.
    const own = builder.build('CERTIFICATES_OF_NON_CONVICTION_AND_AFFILIATION', files.several, {
      onlyPersonId: 'p2',
    });
    expect(signatoriesOf(own.blocks).map((signatory) => signatory.personId)).toEqual(['p2']);
  });

  it('a company associate signs through its representative', () => {
    const found = signatories('LEGAL_STATUSES', files.companyAssociate);
    expect(found.map((signatory) => signatory.personId)).toEqual(['p1', 'p2']);
    expect(found[1]?.name).toMatch(/^Holding Carpați SRL, prin Andrei IONESCU/);
  });

  it('the declarations of the legal representative: the administrator', () => {
    for (const sku of ['LIST_OF_BENEFICIARIES', 'OPERATING_CONDITIONS_DECLARATION'] as const)
      expect(ids(sku, files.foreignAdministrator)).toEqual(['p3']);
  });
});
