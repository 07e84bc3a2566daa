/**
 * iCalendar (RFC 5545) text of a feed, written by ical-generator (CRLF, folding at 75 octets, escaping),
 * with times in Europe/Paris and the zone's VTIMEZONE.
 */
import { ReservationType, hhmmOf } from '@union/contract';
import ical from 'ical-generator';
import type { ReservationRow } from '../repository';

/**
 * Europe/Paris since 1996 (EU rules: last Sunday of March and of October). Written out rather than taken
 * from a zone database: the rule has not changed in thirty years, and the feeds hold no older date.
 */
const VTIMEZONE_PARIS = [
  'BEGIN:VTIMEZONE',
  'TZID:Europe/Paris',
  'BEGIN:DAYLIGHT',
  'TZOFFSETFROM:+0100',
  'TZOFFSETTO:+0200',
  'TZNAME:CEST',
  'DTSTART:19700329T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
  'END:DAYLIGHT',
  'BEGIN:STANDARD',
  'TZOFFSETFROM:+0200',
  'TZOFFSETTO:+0100',
  'TZNAME:CET',
  'DTSTART:19701025T030000',
  'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
  'END:STANDARD',
  'END:VTIMEZONE',
].join('\r\n');

const ZONE = 'Europe/Paris';

/** The feed's text; `now` (the request context's clock) stamps each event's DTSTAMP. */
export function feedText(name: string, host: string, rows: ReservationRow[], now: Date): string {
  const calendar = ical({
    name,
    prodId: { company: 'Union', product: 'Intranet', language: 'FR' },
    // Clients poll a feed; once an hour is plenty for a room planning.
    ttl: 3600,
    // No calendar-wide zone name: ical-generator would then write DTSTAMP without its "Z" (RFC 5545
    // §3.8.7.2 wants UTC). The generator still writes the VTIMEZONE of the events' zone.
    timezone: { name: null, generator: (zone) => (zone === ZONE ? VTIMEZONE_PARIS : null) },
  });
  for (const row of rows) {
    const r = row.reservation;
    const lines = [
      `Type : ${ReservationType.labels[r.type]}`,
      `Loge ou association : ${row.entite}`,
      `Salle : ${row.salle}`,
      ...(r.participants === null ? [] : [`Participants attendus : ${r.participants}`]),
    ];
    calendar.createEvent({
      id: `reservation-${r.id}@${host}`,
      // Wall-clock times with their zone (a string without offset is read as such, whatever the
      // server's own zone).
      start: `${r.jour}T${hhmmOf(r.debut)}:00`,
      end: `${r.jour}T${hhmmOf(r.fin)}:00`,
      timezone: ZONE,
      stamp: now,
      lastModified: r.updatedAt,
      summary: `${r.libelle} – ${row.entite}`,
      location: row.salle,
      description: lines.join('\n'),
    });
  }
  // Every content line ends with CRLF, the last one too (RFC 5545 §3.1).
  return `${calendar.toString()}\r\n`;
}
