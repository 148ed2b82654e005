/**
 * Documents name a person's nationality as a deed does, by its adjective ("de nationalité française",
 * "cetățenie română", "of French citizenship"), never by the country ("cetățenie România"); a
 * territory's people get their state's nationality. Read from the generated PDFs' text.
 */
import { describe, expect, it } from 'vitest';
import { createDocumentBuilder, type DocumentSku } from '../../server/services/documents/build-document';
import { decodeValues } from '../../server/services/documents/document-model';
import { documentFormats, type DocumentLanguage } from '../../server/services/documents/formats';
import { createTemplateEngine } from '../../server/services/documents/templates';
import { writeDocument } from '../../server/services/documents/write-document';
import { resolveWizard } from '../../src/shared/wizard-definition.ts';
import { readWizardSource } from '../../src/shared/wizard-source.node.ts';
import { makeCnp } from '../../src/testing/cnp';
import { completeCompanyFile, type LegalFormId } from '../fixtures/company-file';
import { pdfText, squeeze } from './document-text';

const builder = createDocumentBuilder({
  legalForms: resolveWizard(readWizardSource(process.cwd())).legalForms,
  caenClasses: [],
});

/**
 * A file of `form` whose founder (the first manager) is French and whose second manager, Ion Popescu,
 * a person of his own who holds no share, is Romanian (or of `second`).
 */
function fileWithNationalities(form: LegalFormId, second = 'RO') {
  const base = completeCompanyFile(2, '2025-03-14', form);
  const persons = base.persons as Record<string, unknown>[];
  const id = `p${persons.length + 1}`;
  const ion = {
    id,
    kind: 'natural',
    civility: 'M',
    lastName: 'Popescu',
    firstNames: 'Ion',
    dateOfBirth: '1980-02-03',
    placeOfBirth: 'Iași, România',
    nationality: second,
    address: 'Strada Lăpușneanu 5, Iași',
    ...(form.startsWith('FR')
      ? { fatherName: 'Vasile Popescu', motherName: 'Elena Popescu' }
      : {
          // A Romanian citizen's CNP: a man born in 1980 (1), in Iași (22).
          ...(second === 'RO' ? { cnp: makeCnp(1, '1980-02-03', '22') } : {}),
          idType: 'idCard',
          idSeries: 'MZ',
          idNumber: '112233',
          idIssuedBy: 'SPCLEP Iași',
          idIssuedOn: '2019-04-02',
        }),
  };
  return {
    ...base,
    persons: [...persons, ion],
    managers: [...(base.managers as unknown[]), { personId: id }],
  };
}

async function documentText(
  sku: DocumentSku,
  data: Record<string, unknown>,
  language?: DocumentLanguage,
): Promise<string> {
  const built = builder.build(sku, data, language ? { language } : {});
  return squeeze((await pdfText(await writeDocument(built, 'pdf'))).text);
}

describe('the nationality in generated documents', () => {
  it('writes "cetățenie franceză", "cetățenie română" in a Romanian act, not the country', async () => {
    const text = await documentText('LEGAL_STATUSES', fileWithNationalities('RO-SRL'));
    expect(text).toContain(squeeze('cetățenie franceză'));
    expect(text).toContain(squeeze('cetățenie română'));
    expect(text).not.toContain(squeeze('cetățenie Franța'));
    expect(text).not.toContain(squeeze('cetățenie România'));
  });

  it('writes "de nationalité française", "de nationalité roumaine" in its French translation', async () => {
    const text = await documentText('LEGAL_STATUSES', fileWithNationalities('RO-SRL'), 'fr');
    expect(text).toContain(squeeze('de nationalité française'));
    expect(text).toContain(squeeze('de nationalité roumaine'));
    expect(text).not.toContain(squeeze('de nationalité Roumanie'));
  });

  it('writes "of Romanian citizenship" in its English translation', async () => {
    const text = await documentText('LEGAL_STATUSES', fileWithNationalities('RO-SRL'), 'en');
    expect(text).toContain(squeeze('of French citizenship'));
    expect(text).toContain(squeeze('of Romanian citizenship'));
  });

  it('gives a territory its state’s nationality: Guyane is "de nationalité française"', async () => {
    const text = await documentText('LEGAL_STATUSES', fileWithNationalities('RO-SRL', 'GF'), 'fr');
    expect(text).toContain(
      squeeze('Monsieur Ion POPESCU, né le 3 février 1980 à Iași, România, de nationalité française'),
    );
    expect(text).not.toContain(squeeze('Guyane'));
  });

  it('heads a French declaration’s row "Nationalité" and prints the adjective in it', async () => {
    const text = await documentText(
      'CERTIFICATES_OF_NON_CONVICTION_AND_AFFILIATION',
      fileWithNationalities('FR-SARL'),
    );
    expect(text).toContain(squeeze('Nationalité française'));
    expect(text).toContain(squeeze('Nationalité roumaine'));
    expect(text).not.toContain(squeeze('Nationalité (pays)'));
    expect(text).not.toContain('Roumanie');
  });

  it('heads its Romanian translation’s row "Cetățenie", its English one "Nationality"', async () => {
    const romanian = await documentText(
      'CERTIFICATES_OF_NON_CONVICTION_AND_AFFILIATION',
      fileWithNationalities('FR-SARL'),
      'ro',
    );
    expect(romanian).toContain(squeeze('Cetățenie română'));
    expect(romanian).not.toContain(squeeze('Cetățenia (țara)'));
    const english = await documentText(
      'CERTIFICATES_OF_NON_CONVICTION_AND_AFFILIATION',
      fileWithNationalities('FR-SARL'),
      'en',
    );
    expect(english).toContain(squeeze('Nationality French'));
    expect(english).not.toContain(squeeze('Nationality (country)'));
  });
});

describe('the `nationality` filter', () => {
  const render = (language: DocumentLanguage, source: string, code: unknown) =>
    decodeValues(createTemplateEngine(language).parseAndRenderSync(source, { code }) as string);

  it('prints the feminine adjective by default and the masculine on request', () => {
    expect(render('ro', '{{ code | nationality }}', 'RO')).toBe('română');
    expect(render('ro', '{{ code | nationality: "masculine" }}', 'RO')).toBe('român');
    expect(render('fr', '{{ code | nationality }}', 'FR')).toBe('française');
    expect(render('fr', '{{ code | nationality: "masculine" }}', 'FR')).toBe('français');
    expect(render('en', '{{ code | nationality }}', 'GB')).toBe('British');
  });

  it('leaves an empty value empty (for or_blank) and writes anything but a code as it is', () => {
    expect(render('fr', '{{ code | nationality | or_blank }}', '')).toBe('…………………');
    expect(render('fr', '{{ code | nationality }}', 'apatride')).toBe('apatride');
  });

  it('writes the country’s name where no nationality fits (Antarctica)', () => {
    expect(documentFormats('fr').nationality('AQ')).toBe(documentFormats('fr').country('AQ'));
    expect(documentFormats('ro').nationality('VG')).toBe('britanică');
  });
});
