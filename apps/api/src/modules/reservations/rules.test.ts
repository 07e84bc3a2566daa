import { describe, expect, it } from 'vitest';
import { addMonths, checkRules, noticeText, rulesForScreen, type RulesNow } from './rules';

const now = (over: Partial<RulesNow> = {}): RulesNow => ({
  rules: { preavisHeures: 48, horizonMois: 12 },
  isStaff: false,
  today: '2026-12-03',
  nowMinutes: 20 * 60 + 15,
  ...over,
});

describe('the booking rules', () => {
  it('adds months, keeping to the end of a shorter month', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2026-12-03', 18)).toBe('2028-06-03');
    expect(noticeText(48)).toBe('2 jours');
    expect(noticeText(24)).toBe('1 jour');
    expect(noticeText(36)).toBe('36 heures');
    expect(noticeText(1)).toBe('1 heure');
  });

  it('refuses a request inside the notice, saying from when one may ask', () => {
    // Thursday 3 December 20:15 + 48 h = Saturday 5 December 20:15.
    expect(() => checkRules(now(), { jour: '2026-12-05', debut: 20 * 60 })).toThrow(
      'Date : une demande de salle se fait au moins 2 jours à l’avance. Choisissez un créneau commençant à partir du samedi 5 décembre 2026 à 20:15.',
    );
    expect(() => checkRules(now(), { jour: '2026-12-05', debut: 20 * 60 + 30 })).not.toThrow();
    // Union staff are not bound by the notice; no notice set binds nobody.
    expect(() => checkRules(now({ isStaff: true }), { jour: '2026-12-04', debut: 9 * 60 })).not.toThrow();
    expect(() =>
      checkRules(now({ rules: { preavisHeures: 0, horizonMois: 12 } }), {
        jour: '2026-12-03',
        debut: 21 * 60,
      }),
    ).not.toThrow();
  });

  it('refuses a date beyond the horizon, for everyone, naming the last bookable day', () => {
    for (const isStaff of [false, true]) {
      expect(() => checkRules(now({ isStaff }), { jour: '2027-12-04', debut: 19 * 60 })).toThrow(
        'Date : les salles se réservent au plus 12 mois à l’avance. Choisissez une date jusqu’au vendredi 3 décembre 2027.',
      );
      expect(() => checkRules(now({ isStaff }), { jour: '2027-12-03', debut: 19 * 60 })).not.toThrow();
    }
  });

  it('tells the screen the first instant and the last day', () => {
    expect(rulesForScreen(now())).toEqual({
      preavisHeures: 48,
      premierCreneau: '2026-12-05T20:15',
      dernierJour: '2027-12-03',
    });
    expect(rulesForScreen(now({ isStaff: true }))).toEqual({
      preavisHeures: 0,
      premierCreneau: null,
      dernierJour: '2027-12-03',
    });
  });
});
