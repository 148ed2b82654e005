/**
 * `npm run check:forms`, part of the test command. For every form of schemas/forms/ and every step of
 * schemas/wizard/ (as each legal form gets it):
 * - the file matches its *.schema.json, and its `schema` is valid JSON Schema that AJV compiles in
 *   strict mode (a misspelt keyword such as "minLenght" is an error, not a silently ignored word);
 * - every field the uiSchema names exists in the schema;
 * - every translation key it names (titles, descriptions, placeholders, help, tooltips, option names,
 *   error messages) exists in locales/fr, en and ro.
 * - the wizard: steps.json lists every step file once, no two steps declare the same field (together
 *   they are one company file), the jurisdictions are complete and translated, every legal parameter
 *   has its source, the first step offers exactly the jurisdictions' forms, migrations lead to the
 *   current version, the capital's schedule reads as one, and the CAEN list is well formed (scripts/forms/check-wizard.ts).
 * - schemas/documents.json: valid, translated (the titles by legal form too), SKUs of the catalog,
 *   download cards the server can write.
 * - schemas/documents/templates.json: a template for each document and legal form, naming only known fields.
 * - schemas/help.json: the help topics name existing FAQ entries, each once, and are translated.
 * - schemas/knowledge.json: entries that exist; an answer naming `figures` of the jurisdiction files
 *   says each of their numbers in every language (scripts/forms/check-knowledge-figures.ts).
 * - schemas/assistant-personal.json: the assistant's personal blocks name existing entries, every legal
 *   form has its manager rules, and their words exist (scripts/forms/check-assistant-personal.ts).
 * - schemas/form-chooser.json (the legal-form chooser): its shape, its words, forms that are the
 *   jurisdiction files' own, scores and cells of the country's forms and alternatives, sources that
 *   exist with the date they were read, and exactly one recommended form, with a reason, for every full
 *   set of answers (scripts/forms/check-form-chooser.ts).
 * The freshness of the precompiled validators is checked by `gen:forms --check`.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { LANGUAGES } from '../src/lib/i18n/languages';
import { resolveWizard } from '../src/shared/wizard-definition.ts';
import { readWizardSource } from '../src/shared/wizard-source.node.ts';
import { FORMS_DIR, readFormDefinitions } from './forms/compile-form';
import { checkAssistantPersonal } from './forms/check-assistant-personal';
import { checkKnowledgeFigures, type KnowledgeEntry } from './forms/check-knowledge-figures';
import { CHOOSER_FILE, checkFormChooser } from './forms/check-form-chooser';
import { checkTemplates } from './forms/check-templates';
import { checkWizard } from './forms/check-wizard';
import { createContentChecker } from './forms/content-checker';

const root = process.cwd();
const checker = createContentChecker(root);
const { problems, readJson, checkKey } = checker;

const forms = readFormDefinitions(root);
for (const { name, definition } of forms) {
  const file = `${FORMS_DIR}/${name}.json`;
  if (checker.checkShape(file, definition, `${FORMS_DIR}/form-definition.schema.json`))
    checker.checkFormSchema(file, definition);
}

const wizard = checkWizard(checker, root);

// schemas/documents.json: the cards of /documents. Each card's words exist, its SKU is a product of the
// catalog, and a download card names a document the server can write (the contract's DocumentSku).
const DOCUMENTS_FILE = 'schemas/documents.json';
const documentsFile = readJson(DOCUMENTS_FILE);
let documentCardCount = 0;
if (checker.checkShape(DOCUMENTS_FILE, documentsFile, 'schemas/documents.schema.json')) {
  const catalogSkus = new Set(
    ((readJson('schemas/catalog.json').products ?? []) as { sku: string }[]).map((product) => product.sku),
  );
  const contract = parse(readFileSync(join(root, 'openapi/openapi.yaml'), 'utf8')) as {
    components: { schemas: { DocumentSku: { enum: string[] } } };
  };
  const downloadable = new Set(contract.components.schemas.DocumentSku.enum);
  const formIds = new Set(resolveWizard(readWizardSource(root)).legalForms.map((form) => form.id));
  const ids = new Set<string>();
  for (const card of documentsFile.cards as {
    id: string;
    title: string;
    titles?: Record<string, string>;
    description: string;
    sku: string;
    action: string;
  }[]) {
    documentCardCount += 1;
    const where = `${DOCUMENTS_FILE} card "${card.id}"`;
    if (ids.has(card.id)) problems.push(`${where}: the id is used twice`);
    ids.add(card.id);
    checkKey(where, 'title', card.title);
    for (const [form, key] of Object.entries(card.titles ?? {})) {
      if (!formIds.has(form))
        problems.push(`${where}: ${form} is not a legal form of schemas/jurisdictions/`);
      checkKey(where, `titles.${form}`, key);
    }
    checkKey(where, 'description', card.description);
    if (!catalogSkus.has(card.sku))
      problems.push(`${where}: ${card.sku} is not a product of schemas/catalog.json`);
    if (card.action === 'download' && !downloadable.has(card.sku))
      problems.push(
        `${where}: the server writes no document ${card.sku} (DocumentSku in openapi/openapi.yaml)`,
      );
  }
}

// schemas/documents/templates.json: a template for each document, legal form and filing language.
const contractSkus = (
  parse(readFileSync(join(root, 'openapi/openapi.yaml'), 'utf8')) as {
    components: { schemas: { DocumentSku: { enum: string[] } } };
  }
).components.schemas.DocumentSku.enum;
const templateCount = checkTemplates(checker, root, contractSkus);

// schemas/help.json: the topics of /help. Each names FAQ entries that exist (locales/fr/faq.json), none
// twice, and its title is translated; entries no topic names are shown under "Other questions".
const HELP_FILE = 'schemas/help.json';
const help = readJson(HELP_FILE) as { topics: { id: string; items: string[] }[] };
const faqEntries = [
  ...Object.keys((readJson('locales/fr/faq.json') as { items: object }).items),
  ...Object.keys((readJson('locales/fr/knowledge.json') as { items: object }).items),
];
// schemas/knowledge.json: the entries' country, legal forms and sources, for entries that exist.
const KNOWLEDGE_FILE = 'schemas/knowledge.json';
// check:forms holds the file to knowledge.schema.json, which KnowledgeEntry mirrors.
const knowledge = readJson(KNOWLEDGE_FILE) as { entries: Record<string, KnowledgeEntry> };
if (checker.checkShape(KNOWLEDGE_FILE, knowledge, 'schemas/knowledge.schema.json')) {
  for (const id of Object.keys(knowledge.entries)) {
    if (!faqEntries.includes(id)) problems.push(`${KNOWLEDGE_FILE}: no FAQ or knowledge entry "${id}"`);
  }
  checkKnowledgeFigures(
    checker,
    knowledge.entries,
    resolveWizard(readWizardSource(root)).legalForms,
    LANGUAGES,
  );
}
// schemas/knowledge-synonyms.json: the assistant's synonyms, groups of single words.
const SYNONYMS_FILE = 'schemas/knowledge-synonyms.json';
checker.checkShape(SYNONYMS_FILE, readJson(SYNONYMS_FILE), 'schemas/knowledge-synonyms.schema.json');
// schemas/assistant-personal.json: the entries with a personal block in the wizard assistant.
const wizardSource = readWizardSource(root);
const wizardText = JSON.stringify(wizardSource.steps);
const personalEntries = checkAssistantPersonal(
  checker,
  faqEntries,
  resolveWizard(wizardSource).legalForms.map((form) => form.id),
  // A field's hint path is its property's name in a step file (`caenMain`).
  (path) => wizardText.includes(`"${path}":`),
);
const placed = new Map<string, string>();
for (const topic of help.topics) {
  checkKey(`${HELP_FILE} topic "${topic.id}"`, 'title', `info:help.topics.${topic.id}`);
  for (const item of topic.items) {
    if (!faqEntries.includes(item)) problems.push(`${HELP_FILE} topic "${topic.id}": no FAQ entry "${item}"`);
    const other = placed.get(item);
    if (other) problems.push(`${HELP_FILE}: "${item}" is in topics "${other}" and "${topic.id}"`);
    placed.set(item, topic.id);
  }
}

// schemas/form-chooser.json: the questions, rules and comparison table of /choose-your-legal-form.
const chooser = checkFormChooser(checker, readJson(CHOOSER_FILE), readWizardSource(root).jurisdictions);

if (problems.length > 0) {
  console.error(`Form definitions have problems:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(
  `Form definitions valid: ${forms.length} forms, ${wizard.steps} wizard steps for ${wizard.legalForms} legal forms and ${documentCardCount} document cards, ${templateCount} document templates, ${help.topics.length} help topics, ${personalEntries} entries with a personal block, a form chooser recommending one form for each of ${chooser.combinations} sets of answers, every key translated in ${LANGUAGES.join(', ')}.`,
);
