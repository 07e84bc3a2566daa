/** French alphabetical order for the screens' lists: "Élodie" before "Nathalie", "eric" before "Zoé". */
const collator = new Intl.Collator('fr', { sensitivity: 'base', numeric: true });

export const compareFrench = (a: string, b: string): number => collator.compare(a, b);
