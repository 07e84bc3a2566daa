/** French alphabetical order for the screens' lists: "Élodie" before "Nathalie", "eric" before "Zoé". */
const collator = new Intl.Collator('fr', { sensitivity: 'base', numeric: true });

export const compareFrench = (a: string, b: string): number => collator.compare(a, b);

/** Sorts a copy of `items` by the French order of `key`. */
export function sortFrench<T>(items: readonly T[], key: (item: T) => string): T[] {
  return [...items].sort((a, b) => compareFrench(key(a), key(b)));
}
