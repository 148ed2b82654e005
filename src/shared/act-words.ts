/**
 * What the words of a co-founder's act name (legal-acts:acts.<act>.<country>.words): the company with
 * its form, and the person's capacity (`cofounders:capacity.<key>`). The page shows the words and the
 * server records them from these same functions, so that what a person read is what is kept.
 */
import { legalFormOfFile, parameterValues, type LegalForm } from './jurisdictions';

type FileData = Record<string, unknown>;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The company's name with its legal form ("Boulangerie Dupont SAS", an SRL_SOLE is an SRL), or ''. */
export function companyWithForm(data: FileData): string {
  const name = typeof data.companyName === 'string' ? data.companyName.trim() : '';
  const form = typeof data.legalForm === 'string' ? data.legalForm.replace(/_.*$/, '') : '';
  return name ? [name, form].filter(Boolean).join(' ') : '';
}

/**
 * The capacity an act names: for the approval of the file, associate (or a company associate's
 * representative); for a manager's acts, the title the legal form gives them (président, gérant,
 * administrator: the jurisdiction's `managerTitle`), or directeur général.
 */
export function actCapacity(
  forms: readonly LegalForm[],
  data: FileData,
  personId: string,
  act: 'acceptAppointment' | 'honourStatement' | 'approveFile',
): string {
  if (act === 'approveFile') {
    const subscribers = Array.isArray(data.subscribers) ? data.subscribers.filter(isRecord) : [];
    return subscribers.some((entry) => entry.personId === personId) ? 'associate' : 'representative';
  }
  if (data.directorGeneralId === personId) return 'directorGeneral';
  const form = legalFormOfFile(forms, data);
  const title = form ? parameterValues(form).managerTitle : undefined;
  return typeof title === 'string' ? title : 'president';
}
