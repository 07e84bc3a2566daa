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
