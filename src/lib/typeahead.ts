/** How long typed letters keep adding up before a new search starts (spec section 9: 350 ms). */
export const TYPEAHEAD_RESET_MS = 350;

/** Lower case without accents: what a search by typing compares ("Française" and "francaise" alike). */
export const foldForSearch = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLocaleLowerCase();

/**
 * The index of the item a menu's type-ahead lands on: the first label, searching forward from
 * the item after `fromIndex` and wrapping, that starts with what was typed. Accents and case do
 * not matter ("ro" finds "Română"). Returns -1 when nothing matches.
 */
export function findTypeaheadMatch(labels: readonly string[], typed: string, fromIndex: number): number {
  const query = foldForSearch(typed);
  if (query === '' || labels.length === 0) return -1;
  // Repeating one letter cycles through the items that start with it.
  const cycling = query.length > 1 && [...query].every((char) => char === query[0]);
  const needle = cycling ? query.charAt(0) : query;
  const start = cycling || query.length === 1 ? fromIndex + 1 : fromIndex;
  for (let offset = 0; offset < labels.length; offset += 1) {
    const index = (((start + offset) % labels.length) + labels.length) % labels.length;
    if (foldForSearch(labels[index] ?? '').startsWith(needle)) return index;
  }
  return -1;
}

/** Collects typed characters into one search that clears itself after TYPEAHEAD_RESET_MS of quiet. */
export function createTypeaheadBuffer(resetMs = TYPEAHEAD_RESET_MS) {
  let typed = '';
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    push(char: string): string {
      typed += char;
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => {
        typed = '';
      }, resetMs);
      return typed;
    },
    clear() {
      typed = '';
      if (timer) clearTimeout(timer);
    },
  };
}
