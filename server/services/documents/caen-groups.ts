/**
 * The CAEN Rev. 3 groups (3 digits) of schemas/jurisdictions/caen-groups.json: the "domeniul principal
 * de activitate" a Romanian act constitutiv states with the main activity (Legea nr. 31/1990, art. 7
 * lit. c)). Named in Romanian and English; the French courtesy translation prints the Romanian title.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface CaenGroup {
  code: string;
  ro: string;
  en?: string;
  fr?: string;
}

export const CAEN_GROUPS_FILE = 'schemas/jurisdictions/caen-groups.json';
const repositoryRoot = fileURLToPath(new URL('../../../', import.meta.url));

/** The groups by code; empty when the file is missing (a test's copy of the repository without it). */
export function readCaenGroups(root = repositoryRoot): Map<string, CaenGroup> {
  const path = join(root, CAEN_GROUPS_FILE);
  if (!existsSync(path)) return new Map();
  const file = JSON.parse(readFileSync(path, 'utf8')) as { groups?: CaenGroup[] };
  return new Map((file.groups ?? []).map((group) => [group.code, group]));
}
