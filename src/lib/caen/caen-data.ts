import type { CaenClass } from '@/shared/jurisdictions';
import type { CaenSearchFile } from './caen-search';

/**
 * The CAEN list and the founders' words, each a chunk of its own: loaded by the wizard's CAEN field
 * (Romanian founders) and by the assistant's answer on choosing a code, never with the wizard's first load.
 */
/** schemas/jurisdictions/caen.json: the classes, the revision and where the list comes from. */
export interface CaenList {
  revision: string;
  source: { law: string; url?: string };
  classes: CaenClass[];
}

let loading: Promise<CaenList> | null = null;

/** The CAEN Rev. 3 list (schemas/jurisdictions/caen.json). */
export function loadCaenList(): Promise<CaenList> {
  loading ??= import('../../../schemas/jurisdictions/caen.json')
    .then((module) => module.default as CaenList)
    .catch((error: unknown) => {
      loading = null;
      throw error;
    });
  return loading;
}

/** The CAEN Rev. 3 classes. */
export const loadCaenClasses = (): Promise<CaenClass[]> => loadCaenList().then((list) => list.classes);

let loadingSearch: Promise<CaenSearchFile> | null = null;

/** The founders' words and the authorisations (schemas/jurisdictions/caen-search.json). */
export function loadCaenSearch(): Promise<CaenSearchFile> {
  loadingSearch ??= import('../../../schemas/jurisdictions/caen-search.json')
    .then((module) => module.default as unknown as CaenSearchFile)
    .catch((error: unknown) => {
      loadingSearch = null;
      throw error;
    });
  return loadingSearch;
}
