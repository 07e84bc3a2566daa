import type { Reservation } from '@union/contract';
import { describe, expect, it } from 'vitest';
import { clashesOf, yearGrid, yearMondays } from './year-grid';

const booking = (over: Partial<Reservation>): Reservation => ({
  id: 1,
  idSalle: 1,
  salle: 'Temple Hiram',
  couleurSalle: '#1c4f8a',
  idEntite: 2,
  entite: 'La Concorde',
  date: '2026-10-06',
  heureDebut: '19:00',
  heureFin: '22:00',
  etat: 'CR',
  idPlanning: null,
  actions: [],
  ...over,
});

describe('the year grid', () => {
  it('covers September to August, each month with its own number of days', () => {
    const grid = yearGrid(2026, 1, [], []);
    expect(grid.map((m) => m.month)).toEqual([
      '2026-09',
      '2026-10',
      '2026-11',
      '2026-12',
      '2027-01',
      '2027-02',
      '2027-03',
      '2027-04',
      '2027-05',
      '2027-06',
      '2027-07',
      '2027-08',
    ]);
    expect(grid.map((m) => m.days.length)).toEqual([30, 31, 30, 31, 31, 28, 31, 30, 31, 30, 31, 31]);
    expect(grid[5]!.days.at(-1)!.date).toBe('2027-02-28');
  });

  it('asks every week touching the year, from the Monday on or before 1 September', () => {
    const mondays = yearMondays(2026);
    expect(mondays[0]).toBe('2026-08-31');
    expect(mondays.at(-1)).toBe('2027-08-30');
    expect(mondays).toHaveLength(53);
  });

  it('puts the room’s bookings on their day, leaves other rooms and withdrawn ones out, shades closed days', () => {
    const grid = yearGrid(
      2026,
      1,
      [booking({}), booking({ id: 2, idSalle: 3 }), booking({ id: 4, etat: 'SU', date: '2026-10-07' })],
      [{ date: '2026-12-25', motif: 'Noël' }],
    );
    expect(grid[1]!.days[5]!.bookings.map((r) => r.id)).toEqual([1]);
    expect(grid[1]!.days[6]!.bookings).toEqual([]);
    expect(grid[3]!.days[24]!.closed?.motif).toBe('Noël');
  });

  it('marks two bookings of one room overlapping as a clash, not two that follow each other', () => {
    const a = booking({ id: 1, heureDebut: '14:00', heureFin: '18:00' });
    const b = booking({ id: 2, heureDebut: '17:30', heureFin: '20:00', etat: 'DC' });
    const c = booking({ id: 3, heureDebut: '20:00', heureFin: '23:00' });
    expect(clashesOf([c, b, a]).map(([x, y]) => [x.id, y.id])).toEqual([[1, 2]]);
    expect(clashesOf([a, { ...b, idSalle: 2 }])).toEqual([]);
  });
});
