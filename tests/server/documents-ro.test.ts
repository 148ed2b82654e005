/**
 * The Romanian documents read as a registrar and a lawyer read them (issue 33, review §B and §C):
 * from the golden corpus of tests/fixtures/golden-files-ro.ts, every mention the law asks is in the
 * generated text, in Word and PDF, and no line is left blank for data the wizard asks. The PDF checks
 * use words without a capital "I" (another part of issue 33 fixes its text layer).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createDocumentBuilder, type DocumentSku } from '../../server/services/documents/build-document';
import type { DocumentLanguage } from '../../server/services/documents/formats';
import { readCaenGroups } from '../../server/services/documents/caen-groups';
import { writeDocument } from '../../server/services/documents/write-document';
import { loadWizard, validateCompanyFile } from '../../server/services/company-files';
import { resolveWizard } from '../../src/shared/wizard-definition.ts';
import { readCaenClasses, readWizardSource } from '../../src/shared/wizard-source.node.ts';
import { completeCompanyFile } from '../fixtures/company-file';
import { IOANA, goldenFilesRo, type GoldenCaseRo } from '../fixtures/golden-files-ro';
import { docxText, pdfText, squeeze } from './document-text';

const root = process.cwd();
const builder = createDocumentBuilder({
  legalForms: resolveWizard(readWizardSource(root)).legalForms,
  caenClasses: readCaenClasses(root),
});
const golden = goldenFilesRo();
const CASES = Object.keys(golden) as GoldenCaseRo[];
const SKUS: DocumentSku[] = [
  'LEGAL_STATUSES',
  'CERTIFICATES_OF_NON_CONVICTION_AND_AFFILIATION',
  'LIST_OF_BENEFICIARIES',
];
const LANGUAGES: DocumentLanguage[] = ['ro', 'en', 'fr'];

const cache = new Map<string, Promise<string>>();
/** The document's text without white space: the Word body, or what pdf.js reads of the PDF. */
function text(
  data: Record<string, unknown>,
  sku: DocumentSku,
  language: DocumentLanguage = 'ro',
  format: 'docx' | 'pdf' = 'docx',
): Promise<string> {
  const key = `${JSON.stringify(data)}|${sku}|${language}|${format}`;
  let found = cache.get(key);
  if (!found) {
    found = (async () => {
      const file = await writeDocument(builder.build(sku, data, { language }), format);
      return squeeze(format === 'docx' ? docxText(file).body : (await pdfText(file)).text);
    })();
    cache.set(key, found);
  }
  return found;
}
const of = (kase: GoldenCaseRo, sku: DocumentSku, language?: DocumentLanguage, format?: 'docx' | 'pdf') =>
  text(golden[kase], sku, language, format);

describe('the golden corpus of Romanian files', () => {
  it.each(CASES)('%s passes every step of the wizard', (kase) => {
    expect(validateCompanyFile(loadWizard(root), golden[kase])).toEqual([]);
  });

  it.each(CASES)('%s: no document, in no language, leaves a blank for data the wizard asks', async (kase) => {
    for (const sku of SKUS)
      for (const language of LANGUAGES) {
        const body = await of(kase, sku, language);
        expect(body, `${sku} ${language}`).not.toContain('……');
        expect(body, `${sku} ${language}`).not.toContain('^1');
        expect(body, `${sku} ${language}`).not.toMatch(/26\/1990/);
      }
  });
});

describe('the CAEN Rev. 3 groups (schemas/jurisdictions/caen-groups.json)', () => {
  it('name, in Romanian and English, the group of every class a founder may choose', () => {
    const groups = readCaenGroups(root);
    for (const { code } of readCaenClasses(root)) {
      const group = groups.get(code.slice(0, 3));
      expect(group?.ro, code).toMatch(/\S/);
      expect(group?.en, code).toMatch(/\S/);
      expect(group?.ro, code).not.toMatch(/[şţŞŢ]/);
    }
  });
});

describe('the act constitutiv (Legea 31/1990 art. 7)', () => {
  it('states the main field of activity, the CAEN group, then the main activity (art. 7 lit. c))', async () => {
    for (const format of ['docx', 'pdf'] as const) {
      const ro = await of('several', 'LEGAL_STATUSES', 'ro', format);
      expect(ro).toContain(
        squeeze(
          'Domeniul principal de activitate al societății: grupa CAEN 107 – Fabricarea produselor de brutărie și a produselor făinoase.',
        ),
      );
      expect(ro).toContain(squeeze('Activitatea principală a societății: 1071 – Fabricarea pâinii;'));
    }
    expect(await of('sole', 'LEGAL_STATUSES', 'en')).toContain(
      squeeze(
        'Main field of activity of the company: CAEN group 107 – Manufacture of bakery and farinaceous products.',
      ),
    );
    expect(await of('sole', 'LEGAL_STATUSES', 'fr')).toContain(
      squeeze("Domaine principal d'activité de la société : groupe CAEN 107"),
    );
  });

  it('cites art. 74 Legea 31/1990 for the mentions on documents, never the repealed Legea 26/1990', async () => {
    for (const language of LANGUAGES) {
      const act = await of('several', 'LEGAL_STATUSES', language);
      expect(act).toMatch(/art\.74(din|of|de)/);
      expect(act).not.toContain('26/1990');
    }
  });

  it('amends the act by unanimity unless the founders chose the absolute majority (art. 192 alin. (2))', async () => {
    const unanimity = await of('several', 'LEGAL_STATUSES');
    expect(unanimity).toContain(
      squeeze(
        'Hotărârile care modifică actul constitutiv se iau cu votul tuturor asociaților (art. 192 alin. (2)',
      ),
    );
    expect(unanimity).not.toContain(squeeze('Aceeași majoritate se aplică hotărârilor care modifică'));
    const majority = await of('partlyPaid', 'LEGAL_STATUSES');
    expect(majority).toContain(
      squeeze(
        'Prin derogare de la art. 192 alin. (2) din Legea nr. 31/1990, hotărârile care modifică actul constitutiv se iau cu aceeași majoritate',
      ),
    );
    expect(await of('several', 'LEGAL_STATUSES', 'en')).toContain(
      squeeze('Decisions amending the articles of association are taken by the vote of all the members'),
    );
    expect(await of('partlyPaid', 'LEGAL_STATUSES', 'fr')).toContain(
      squeeze("Par dérogation à l'art. 192 al. (2)"),
    );
  });

  it('says how secondary offices are set up (art. 7 lit. g))', async () => {
    const several = await of('several', 'LEGAL_STATUSES', 'ro', 'pdf');
    expect(several).toContain(squeeze('Art. 3 – Sediul și sediile secundare'));
    expect(several).toContain(
      squeeze(
        'poate înființa sedii secundare – sucursale, agenții, reprezentanțe sau alte asemenea unități fără personalitate juridică –',
      ),
    );
    expect(several).toContain(squeeze('prin hotărârea adunării generale a asociaților; punctele de lucru'));
    expect(await of('sole', 'LEGAL_STATUSES')).toContain(
      squeeze('în România sau în străinătate, prin hotărârea asociatului unic;'),
    );
  });

  it('states the duration the founder chose, "nelimitată" only when none was', async () => {
    expect(await of('sole', 'LEGAL_STATUSES')).toContain(squeeze('Durata societății este de 30 de ani'));
    expect(await of('sole', 'LEGAL_STATUSES', 'en')).toContain(
      squeeze('The duration of the company is 30 years'),
    );
    expect(await of('several', 'LEGAL_STATUSES')).toContain(squeeze('Durata societății este nelimitată'));
  });

  it('writes "cetățenie română" and "art. 9¹", the unpaid capital with its deadlines', async () => {
    const act = await of('partlyPaid', 'LEGAL_STATUSES', 'ro', 'pdf');
    expect(act).toContain(squeeze('de cetățenie română'));
    expect(act).not.toContain(squeeze('cetățenie România'));
    expect(act).toContain(squeeze('art. 9¹'));
    expect(act).toContain(squeeze('La data constituirii a fost vărsată suma de 400,00 lei.'));
    expect(act).toContain(squeeze('Diferența de 600,00 lei se va vărsa'));
    expect(act).toContain(squeeze('(art. 9¹ alin. (2) din Legea nr. 31/1990)'));
    expect(await of('partlyPaid', 'LEGAL_STATUSES', 'fr')).toContain(squeeze('de nationalité roumaine'));
    expect(await of('partlyPaid', 'LEGAL_STATUSES', 'en')).toContain(squeeze('of Romanian citizenship'));
  });

  it('writes "100 de părți sociale" with the "de" Romanian puts after 20 and more, "3 exemplare"', async () => {
    const act = await of('sole', 'LEGAL_STATUSES');
    expect(act).toContain(squeeze('se divide în 100 de părți sociale, cu o valoare nominală de 10,00 lei'));
    expect(act).toContain(squeeze('în 3 exemplare originale.'));
  });

  it('says what nothing paid up means, rather than "a fost vărsată suma de 0,00 lei"', async () => {
    const file = golden.several;
    const unpaid = {
      ...file,
      subscribers: (file.subscribers as Record<string, unknown>[]).map((s) => ({ ...s, paidAmount: 0 })),
    };
    const act = await text(unpaid, 'LEGAL_STATUSES');
    expect(act).toContain(squeeze('La data constituirii nu a fost vărsată nicio sumă.'));
    expect(act).not.toContain(squeeze('suma de 0,00 lei'));
  });

  it('identifies a company associate by its name, nationality, seat, registration and representative', async () => {
    const act = await of('companyAssociate', 'LEGAL_STATUSES');
    expect(act).toContain(
      squeeze(
        'societatea Holding Carpați SRL, societate cu răspundere limitată, cu un capital social de 10.000 lei, persoană juridică de naționalitate română, cu sediul în Bulevardul Unirii 1, 030119 București, România, înregistrată sub nr. J40/1234/2020, reprezentată legal de domnul Andrei IONESCU',
      ),
    );
  });

  it("binds the administrators to the non-compete of art. 197 alin. (3), as ONRC's model does", async () => {
    expect(await of('several', 'LEGAL_STATUSES')).toContain(
      squeeze(
        'Fără autorizarea adunării generale a asociaților, administratorii nu pot fi administratori în alte societăți concurente',
      ),
    );
    expect(await of('sole', 'LEGAL_STATUSES')).toContain(
      squeeze('Fără autorizarea asociatului unic, administratorii'),
    );
    expect(await of('several', 'LEGAL_STATUSES', 'en')).toContain(
      squeeze('(art. 197 para. (3) of Law no. 31/1990)'),
    );
  });

  it('names the foreign administrator who holds no share, with his passport, and has him accept', async () => {
    const act = await of('foreignAdministrator', 'LEGAL_STATUSES');
    expect(act).toContain(
      squeeze(
        'domnul Jean MARTIN, de cetățenie franceză, născut la data de 23 noiembrie 1979 în Lyon, France',
      ),
    );
    expect(act).toContain(
      squeeze('identificat cu pașaportul nr. 18FR54321, eliberat de Préfecture du Rhône'),
    );
    expect(act).toContain(squeeze(', neasociat'));
    expect(act).toContain(squeeze('Administrator neasociat, pentru acceptarea mandatului'));
  });
});

describe("the administrator's declaration (Legea 31/1990 art. 6 alin. (2) and art. 73¹, since Legea 162/2019)", () => {
  const SKU = 'CERTIFICATES_OF_NON_CONVICTION_AND_AFFILIATION';

  it('declares the conditions in force: incapacity, or a final ban imposed as a complementary penalty', async () => {
    for (const format of ['docx', 'pdf'] as const) {
      const declaration = await of('several', SKU, 'ro', format);
      expect(declaration).toContain(squeeze('art. 6 alin. (2) și art. 73¹ din Legea nr. 31/1990'));
      expect(declaration).toContain(squeeze('nu sunt incapabilă potrivit legii'));
      expect(declaration).toContain(
        squeeze('prin hotărâre judecătorească definitivă, ca pedeapsă complementară'),
      );
      expect(declaration).toContain(squeeze('evaziune fiscală'));
      for (const obsolete of [
        'gestiune frauduloasă',
        'mărturie mincinoasă',
        'dare sau luare de mită',
        'uz de fals',
      ])
        expect(declaration).not.toContain(squeeze(obsolete));
    }
    expect(await of('several', SKU, 'en')).toContain(squeeze('tax evasion'));
    expect(await of('several', SKU, 'fr')).toContain(squeeze("l'évasion fiscale"));
    expect(await of('several', SKU, 'en')).not.toContain(squeeze('fraudulent management'));
    expect(await of('several', SKU, 'fr')).not.toContain(squeeze('gestion frauduleuse'));
  });

  it('works for a foreign administrator: his passport, no CNP', async () => {
    const declaration = await of('foreignAdministrator', SKU);
    expect(declaration).toContain(squeeze('Subsemnatul:'));
    expect(declaration).toContain(squeeze('MARTIN Jean'));
    expect(declaration).toContain(squeeze('Cetățenie franceză'));
    expect(declaration).toContain(
      squeeze('pașaportul nr. 18FR54321, eliberat de Préfecture du Rhône la data de 12 septembrie 2018'),
    );
    expect(declaration).toContain(
      squeeze('CNP nu are (cetățean străin, identificat prin actul de identitate de mai sus)'),
    );
    expect(declaration).toContain(squeeze('nu sunt incapabil potrivit legii'));
  });

  it('gives a Romanian administrator her identity card and CNP, "Cetățenie română"', async () => {
    const declaration = await of('sole', SKU);
    expect(declaration).toContain(squeeze('Cetățenie română'));
    expect(declaration).toContain(
      squeeze(
        'cartea de identitate seria KX nr. 123456, eliberată de SPCLEP Cluj-Napoca la data de 1 iunie 2020',
      ),
    );
    expect(declaration).toContain(squeeze(`CNP ${String(IOANA.cnp)}`));
  });
});

describe('the beneficial-owner declaration (Legea 129/2019 art. 4 and art. 56, ONRC formular-tip)', () => {
  const SKU = 'LIST_OF_BENEFICIARIES';

  it("is filed on registration and identifies the declarant, the company's legal representative", async () => {
    for (const format of ['docx', 'pdf'] as const) {
      const declaration = await of('foreignAdministrator', SKU, 'ro', format);
      expect(declaration).toContain(
        squeeze('Declarația se depune: la înmatricularea societății în registrul comerțului'),
      );
      expect(declaration).toContain(squeeze('1. Declarantul'));
      expect(declaration).toContain(squeeze('Calitatea Reprezentant legal (administrator) al societății'));
      expect(declaration).toContain(squeeze('Cetățenie franceză'));
      expect(declaration).toContain(squeeze('Data și locul nașterii 23 noiembrie 1979, Lyon, France'));
      expect(declaration).toContain(squeeze('Domiciliul 3 place Bellecour, 69002 Lyon, France'));
      expect(declaration).toContain(squeeze('pașaportul nr. 18FR54321'));
    }
    const romanian = await of('several', SKU);
    expect(romanian).toContain(squeeze('Nume și prenume POPESCU Ioana Calitatea Reprezentant legal'));
    expect(romanian).toContain(squeeze('cartea de identitate seria KX nr. 123456'));
  });

  it('says how each beneficial owner holds control, and never lists a company as one', async () => {
    const declaration = await of('companyAssociate', SKU);
    expect(declaration).toContain(squeeze('Beneficiarul real nr. 1 Nume și prenume POPESCU Ioana'));
    expect(declaration).toContain(
      squeeze('Deținere directă de părți sociale și drepturi de vot da: 70,00 %'),
    );
    expect(declaration).toContain(squeeze('Beneficiarul real nr. 2 Nume și prenume IONESCU Andrei'));
    expect(declaration).toContain(
      squeeze(
        'Deținere indirectă da: 30,00 %, prin societatea Holding Carpați SRL (30,00 % din capitalul social, din care persoana deține 100,00 %)',
      ),
    );
    expect(declaration).not.toContain(squeeze('Nume și prenume Holding Carpați'));
    expect(declaration).not.toContain(squeeze('Beneficiarul real nr. 3'));
    expect(declaration).toContain(squeeze('în termen de 15 zile'));
    expect(await of('companyAssociate', SKU, 'en')).toContain(squeeze('Indirect holding yes: 30.00 %'));
  });

  it('names the administrator as the beneficial owner when nobody holds more than 25 %', async () => {
    const file = golden.foreignAdministrator;
    const spread = {
      ...file,
      persons: [
        ...(file.persons as Record<string, unknown>[]),
        ...['p4', 'p5'].map((id, index) => ({
          ...(file.persons as Record<string, unknown>[])[1],
          id,
          lastName: `Vasilescu${'ab'[index] ?? ''}`,
        })),
      ],
      subscribers: ['p1', 'p2', 'p4', 'p5'].map((personId) => ({
        personId,
        shares: 25,
        subscription: 250,
        paidAmount: 250,
      })),
    };
    const declaration = await text(spread, SKU);
    expect(declaration).toContain(squeeze('(art. 4 alin. (2) lit. a) pct. 2 din Legea nr. 129/2019)'));
    expect(declaration).toContain(squeeze('Beneficiarul real nr. 1 Nume și prenume MARTIN Jean'));
    expect(declaration).toContain(squeeze('da: administrator'));
  });
});

describe('the Romanian translation of the French statuts (review §C)', () => {
  it('agrees the verb with "administratorii (la gérance)" and calls commissaires aux comptes "auditori statutari"', async () => {
    const base = completeCompanyFile(2, '2026-03-02', 'FR-SARL');
    const sarl = { ...base, managers: [{ personId: 'p1' }, { personId: 'p2' }] };
    const statut = await text(sarl, 'LEGAL_STATUSES', 'ro');
    expect(statut).toContain(squeeze('se întocmesc de către administrația (la gérance)'));
    expect(statut).not.toContain(squeeze('(la gérance) întocmește'));
    expect(statut).toContain(squeeze('auditori statutari (commissaires aux comptes)'));
    expect(statut).not.toMatch(/cenzor/);
    const sas = await text(completeCompanyFile(2, '2026-03-02', 'FR-SAS'), 'LEGAL_STATUSES', 'ro');
    expect(sas).toContain(squeeze('auditori statutari (commissaires aux comptes)'));
    expect(sas).not.toMatch(/cenzor/);
  });
});

/** A template's control tags (with their conditions) in order, and the variables it prints or tests. */
function structure(file: string): { tags: string[]; variables: string[] } {
  const source = readFileSync(join(root, 'schemas/documents/templates', file), 'utf8').replace(
    /{%-?\s*comment\s*-?%}[\s\S]*?{%-?\s*endcomment\s*-?%}/g,
    '',
  );
  const tags = [
    ...source.matchAll(
      /{%-?\s*(if|elsif|else|endif|for|endfor|unless|endunless|case|when|endcase)\b([^%]*)-?%}/g,
    ),
  ].map((match) => `${match[1]} ${(match[2] ?? '').trim()}`);
  const variables = new Set<string>();
  for (const match of source.matchAll(/{{-?\s*([a-zA-Z_][\w.]*)/g)) variables.add(match[1] ?? '');
  for (const match of source.matchAll(/{%-?\s*(?:if|elsif|unless|for \w+ in)\s+([a-zA-Z_][\w.]*)/g))
    variables.add(match[1] ?? '');
  return { tags, variables: [...variables].sort() };
}

describe('the courtesy translations of the Romanian documents', () => {
  const FILES = [
    'act-constitutiv-srl.liquid',
    'declaratie-administrator.liquid',
    'declaratie-beneficiari-reali.liquid',
    '_persoana.liquid',
    '_nume.liquid',
    '_act-identitate.liquid',
  ];
  it.each(FILES)('ro/%s: en and fr keep the same branches and variables as the filing copy', (file) => {
    const filing = structure(`ro/${file}`);
    for (const language of ['en', 'fr'])
      expect(structure(`ro/${language}/${file}`), language).toEqual(filing);
  });
});
