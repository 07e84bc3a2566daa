/**
 * How identifiants are derived from names: one rule for an administrator's form, a lodge manager's
 * "new member" and the import, so a person gets the same identifiant whichever way they arrive.
 */

/**
 * Lower-case ASCII letters and digits of a name, other characters as single dashes ("Hélène" →
 * "helene", "Lefèvre-d'Arc" → "lefevre-d-arc").
 */
export function slug(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** Room left for the number of a homonym ("prenom.nom12345") within the 60 characters allowed. */
const BASE_MAX_LENGTH = 54;
/** What each part keeps at least when both are long, so `prenom.nom` still reads as both names. */
const PART_MIN_LENGTH = 20;

/** The first `max` characters of a slug, without a dash left dangling at the cut. */
const cut = (part: string, max: number) => part.slice(0, max).replace(/-+$/, '');

/**
 * The identifiant a new member would get before collisions: `prenom.nom`, as the demo accounts, cut
 * to fit the identifiant's 60 characters with a homonym's number. When both names are long, the nom
 * is shortened first (down to 20 characters), then the prénom, so both stay recognisable.
 */
export function baseIdentifiant(prenom: string, nom: string): string {
  const first = slug(prenom);
  const last = slug(nom);
  if (!first || !last) return cut(first || last, BASE_MAX_LENGTH) || 'membre';
  const room = BASE_MAX_LENGTH - 1; // the dot between the two
  const firstMax = Math.max(room - last.length, room - PART_MIN_LENGTH);
  const shortFirst = cut(first, firstMax);
  return `${shortFirst}.${cut(last, room - shortFirst.length)}`;
}

/**
 * Picks a free identifiant for each new member: `prenom.nom`, then `prenom.nom2`, `prenom.nom3`…
 * `taken` holds the lower-case identifiants already used; it is updated as names are handed out.
 */
export function assignIdentifiants(people: { prenom: string; nom: string }[], taken: Set<string>): string[] {
  // The next number to try per base, so that a thousand homonyms cost a thousand lookups, not a million.
  const nextNumber = new Map<string, number>();
  return people.map(({ prenom, nom }) => {
    const base = baseIdentifiant(prenom, nom);
    let n = nextNumber.get(base) ?? 1;
    let candidate = n === 1 ? base : `${base}${n}`;
    while (taken.has(candidate)) candidate = `${base}${++n}`;
    nextNumber.set(base, n + 1);
    taken.add(candidate);
    return candidate;
  });
}
