/**
 * Small French text helpers shared by the server (messages, e-mails) and the web app, so a name is
 * never written « de Anaïs » or « La salle Salle Condorcet ».
 */

/** Letters that take the elision: vowels (accented or not), y, and h, mute in most names. */
const ELIDED = /^[aeiouyhàâäéèêëîïôöùûüÿæœ]/i;

/**
 * « de » before a name, elided or contracted as French writes it: « d’Anaïs », « d’Hélène »,
 * « de Paul », « du Grand Orient » (Le), « des Chevaliers du Rhône » (Les), « de La Fraternité ».
 * An initial h is taken as mute (d’Hugo, d’Henri): names with an aspirated h are rare among ours.
 */
export function de(name: string): string {
  const text = name.trim();
  const les = /^les\s+(.*)$/i.exec(text);
  if (les) return `des ${les[1]}`;
  const le = /^le\s+(.*)$/i.exec(text);
  if (le) return `du ${le[1]}`;
  return ELIDED.test(text) ? `d’${text}` : `de ${text}`;
}

/** « La salle Temple Hiram », « La salle Condorcet » for a room named « Salle Condorcet ». */
export function laSalle(nom: string, capital = true): string {
  const rest = nom.trim().replace(/^salle\s+/i, '');
  return `${capital ? 'La' : 'la'} salle ${rest}`;
}

/** Organisation nouns that take the article before a name: « l’Union des Loges », « la Loge Hiram ». */
const FEMININE_NOUNS =
  /^(union|loge|respectable loge|grande loge|association|amicale|fédération|obédience|fraternelle|société|confédération|chambre)\b/i;
const MASCULINE_NOUNS =
  /^(grand orient|cercle|chapitre|atelier|comité|conseil|club|temple|souverain chapitre|collège|groupe|triangle)\b/i;

/**
 * « de » before an entity's name (issue 20), with the article French puts before an organisation:
 * « de l’Union des Loges… », « de la Loge Hiram », « du Grand Orient », « de l’Atelier », « des Amis
 * réunis » (Les), « de La Fraternité » (the name's own article is kept as written). A name without such
 * a noun is a proper name (« de Tolérance et Progrès », « d’Anaïs »): `de()` decides.
 */
export function deEntite(name: string): string {
  const text = name.trim();
  const elided = /^l[’']\s*(.*)$/i.exec(text);
  if (elided) return `de l’${elided[1]}`;
  if (FEMININE_NOUNS.test(text)) return ELIDED.test(text) ? `de l’${text}` : `de la ${text}`;
  if (MASCULINE_NOUNS.test(text)) return ELIDED.test(text) ? `de l’${text}` : `du ${text}`;
  return de(text);
}

const frenchDayFormat = new Intl.DateTimeFormat('fr-FR', {
  timeZone: 'UTC',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});
const frenchWeekdayFormat = new Intl.DateTimeFormat('fr-FR', {
  timeZone: 'UTC',
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

/**
 * A calendar day (yyyy-mm-dd) as French writes it in a sentence, the one formatter of letters, PDFs,
 * e-mails and screens: « 1er avril 2026 » (never « 1 avril »), « mercredi 1er avril 2026 » with the
 * weekday; months and weekdays in lower case.
 */
export function frenchDay(day: string, options: { weekday?: boolean } = {}): string {
  const format = options.weekday ? frenchWeekdayFormat : frenchDayFormat;
  return format
    .formatToParts(new Date(`${day.slice(0, 10)}T00:00:00Z`))
    .map((p) =>
      p.type === 'day' && p.value === '1'
        ? '1er'
        : p.type === 'month' || p.type === 'weekday'
          ? p.value.toLowerCase()
          : p.value,
    )
    .join('');
}

/** « 3 personnes », « 1 personne », « 0 personne »: the French plural of a count (0 and 1 are singular). */
export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${count.toLocaleString('fr-FR').replace(/\u202f/g, '\u00a0')} ${Math.abs(count) >= 2 ? pluralForm : singular}`;
}
