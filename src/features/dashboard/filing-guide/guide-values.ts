/**
 * The values the filing guide shows, read from the last submitted company file: a JSON pointer into
 * the file (or into the person a screen is about), or one of GUIDE_DERIVATIONS. Values are written
 * as the registry's service takes them, in its language (dates DD/MM/YYYY, decimal comma, the
 * service's own words for a form or an office), whatever the interface language: they are typed or
 * pasted there as they are. Null: the file does not hold it.
 */
import { personName, personsById, type PersonRecord } from '@/shared/company-persons';
import { fileBeneficialOwners, MANAGER_ROLES } from '@/shared/file-beneficial-owners';
import { nominalCents } from '@/shared/file-derivations';
import { firstFinancialYearEnd } from '@/shared/first-financial-year';
import { withoutLegalForm } from '@/shared/legal-form-name';
import { nationalityAdjective, type NationalityWords } from '@/shared/nationalities';
import type { GuideDerivation, GuideField, GuideSubject } from './guide-content';

type Values = Record<string, unknown>;
export type ServiceLanguage = 'fr' | 'ro';

const isRecord = (value: unknown): value is Values =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
const list = (value: unknown): Values[] => (Array.isArray(value) ? value.filter(isRecord) : []);

/**
 * The service's own words for a choice it offers (its list's entries), in its language: like the
 * screens' `shown` names, they are not translated for the founder, who must find them on the service.
 */
const SERVICE_WORDS = {
  fr: {
    forms: {
      SAS: 'Société par actions simplifiée (SAS)',
      SASU: 'Société par actions simplifiée unipersonnelle (SASU)',
      SARL: 'Société à responsabilité limitée (SARL)',
      EURL: 'Entreprise unipersonnelle à responsabilité limitée (EURL)',
    } as Record<string, string>,
    roles: {
      president: 'Président',
      directeurGeneral: 'Directeur général',
      directeurGeneralDelegue: 'Directeur général délégué',
      gerant: 'Gérant',
      administrator: 'Administrateur',
    } as Record<string, string>,
    ids: { idCard: "Carte nationale d'identité", passport: 'Passeport', residencePermit: 'Titre de séjour' },
    unlimited: '',
    fallbackOwner: 'Représentant légal',
  },
  ro: {
    forms: {
      SRL: 'Societate cu răspundere limitată (SRL)',
      SRL_SOLE: 'Societate cu răspundere limitată cu asociat unic (SRL)',
    } as Record<string, string>,
    roles: { administrator: 'Administrator' } as Record<string, string>,
    ids: { idCard: 'Carte de identitate', passport: 'Pașaport', residencePermit: 'Permis de ședere' },
    unlimited: 'Nelimitată',
    fallbackOwner: 'Reprezentant legal',
  },
} as const;

/** A number as a form field takes it: no thousands separator, a decimal comma, at most two decimals. */
export function plainNumber(value: number): string {
  const rounded = Math.round(value * 100) / 100;
  return Number.isInteger(rounded) ? String(rounded) : rounded.toFixed(2).replace(/0$/, '').replace('.', ',');
}

/** YYYY-MM-DD as DD/MM/YYYY, the way both services' date fields are typed; null for anything else. */
export function serviceDate(iso: unknown): string | null {
  const match = typeof iso === 'string' ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso) : null;
  return match ? `${match[3]}/${match[2]}/${match[1]}` : null;
}

/** RFC 6901: the value at `pointer` in `record`, as text; arrays joined by commas. */
export function atPointer(record: unknown, pointer: string): string | null {
  let current: unknown = record;
  for (const token of pointer.split('/').slice(1)) {
    const key = token.replace(/~1/g, '/').replace(/~0/g, '~');
    if (Array.isArray(current)) current = current[Number(key)];
    else if (isRecord(current)) current = current[key];
    else return null;
  }
  if (typeof current === 'string') return current.trim() || null;
  if (typeof current === 'number' && Number.isFinite(current)) return plainNumber(current);
  if (Array.isArray(current)) {
    const items = current.filter((item) => typeof item === 'string' || typeof item === 'number');
    return items.length > 0 ? items.join(', ') : null;
  }
  return null;
}

/** The company file as the guide reads it. */
export interface GuideFile {
  data: Values;
  jurisdiction: 'FR' | 'RO';
  language: ServiceLanguage;
  nationalities: NationalityWords;
  /** The legal form's beneficial-owner threshold (beneficialOwnerThresholdPercent). */
  thresholdPercent: number;
  /** The country's firstFinancialYearExtraYears (null: the first year is the calendar year). */
  firstYearExtraYears: number | null;
}

/** One person a screen is about, with what their role adds (shares, an office, a holding). */
export interface GuideSubjectEntry {
  key: string;
  person: PersonRecord | null;
  role: Values;
}

/** The persons (or the company alone) a screen's fields are filled for, in the file's order. */
export function subjectsOf(subject: GuideSubject, file: GuideFile): GuideSubjectEntry[] {
  const { data } = file;
  if (subject === 'company') return [{ key: 'company', person: null, role: {} }];
  const persons = personsById(data);
  const entry = (personId: string, role: Values, index: number): GuideSubjectEntry => ({
    key: `${subject}-${personId || index}`,
    person: persons.get(personId) ?? null,
    role,
  });
  const code = text(data.legalForm);
  if (subject === 'managers') {
    const office = MANAGER_ROLES[code] ?? 'administrator';
    const managers = list(data.managers).map((manager, index) =>
      entry(text(manager.personId), { office }, index),
    );
    const generalId = text(data.directorGeneralId);
    if (generalId) managers.push(entry(generalId, { office: 'directeurGeneral' }, managers.length));
    return managers;
  }
  if (subject === 'associates')
    return list(data.subscribers).map((subscriber, index) =>
      entry(text(subscriber.personId), subscriber, index),
    );
  const result = fileBeneficialOwners(data, { jurisdiction: file.jurisdiction, code }, file.thresholdPercent);
  return result.owners.map((owner, index) =>
    entry(owner.personId, { percent: owner.percent, fallback: owner.basis === 'fallback' }, index),
  );
}

function derive(id: GuideDerivation, file: GuideFile, subject: GuideSubjectEntry): string | null {
  const { data, language } = file;
  const words = SERVICE_WORDS[language];
  const person = subject.person;
  const code = text(data.legalForm);
  switch (id) {
    case 'companyName': {
      const name = text(data.companyName);
      return name ? withoutLegalForm(name, `${file.jurisdiction}-${code}`) : null;
    }
    case 'legalFormName':
      return words.forms[code] ?? null;
    case 'shareCapital':
      return typeof data.shareCapital === 'number' ? plainNumber(data.shareCapital) : null;
    case 'paidCapital': {
      const paid = list(data.subscribers).map((entry) => entry.paidAmount);
      if (paid.length === 0 || !paid.every((amount) => typeof amount === 'number')) return null;
      return plainNumber((paid as number[]).reduce((sum, amount) => sum + amount, 0));
    }
    case 'nominalValue': {
      const cents = nominalCents(data);
      return cents === null ? null : plainNumber(cents / 100);
    }
    case 'duration':
      if (typeof data.durationYears === 'number') return String(data.durationYears);
      return words.unlimited || null;
    case 'firstFinancialYearEnd':
      return serviceDate(firstFinancialYearEnd(data, file.firstYearExtraYears));
    case 'caenMain':
      return text(data.caenMain) || null;
    case 'caenSecondary':
      return atPointer(data, '/caenSecondary');
    case 'personName':
      return person ? personName(person) || null : null;
    case 'dateOfBirth':
      return person ? serviceDate(person.dateOfBirth) : null;
    case 'nationality': {
      const nationality = person ? text(person.nationality) : '';
      if (!nationality) return null;
      const adjective = nationalityAdjective(file.nationalities, nationality);
      return adjective ? adjective.charAt(0).toLocaleUpperCase(language) + adjective.slice(1) : nationality;
    }
    case 'identityDocument': {
      if (!person) return null;
      const type = words.ids[text(person.idType) as keyof typeof words.ids];
      const number = [text(person.idSeries), text(person.idNumber)].filter(Boolean).join(' ');
      return number ? [type, number].filter(Boolean).join(' ') : null;
    }
    case 'managerRole':
      return words.roles[text(subject.role.office)] ?? null;
    case 'shares':
      return typeof subject.role.shares === 'number' ? plainNumber(subject.role.shares) : null;
    case 'ownershipPercent': {
      const total = data.numberOfShares;
      const shares = subject.role.shares;
      if (typeof total !== 'number' || total <= 0 || typeof shares !== 'number') return null;
      return `${plainNumber((shares * 100) / total)} %`;
    }
    case 'beneficialOwnership':
      if (subject.role.fallback === true) return words.fallbackOwner;
      return typeof subject.role.percent === 'number' ? `${plainNumber(subject.role.percent)} %` : null;
  }
}

/** A field's value for one subject; null when the file does not hold it. */
export function fieldValue(field: GuideField, file: GuideFile, subject: GuideSubjectEntry): string | null {
  if ('derive' in field.value) return derive(field.value.derive, file, subject);
  // A person's pointer never falls back on the company's data (a role naming no known person).
  if (subject.key !== 'company' && !subject.person) return null;
  return atPointer(subject.person ?? file.data, field.value.pointer);
}

/** Whether a field applies to the subject's kind of person (a company associate has no birth date). */
export function fieldApplies(field: GuideField, subject: GuideSubjectEntry): boolean {
  if (!field.kind || !subject.person) return true;
  return (subject.person.kind === 'legal' ? 'legal' : 'natural') === field.kind;
}
