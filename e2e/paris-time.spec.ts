/**
 * Issue 31: a browser in New York reads every date and time in Paris time. The screens format with
 * apps/web/src/lib/dates.ts; a screen that used the browser's zone would show the account's creation six
 * hours earlier (20:05 for 02:05 in Paris).
 */
import { apiSend, apiToken, expect, signIn, test } from './fixtures';

test.use({ timezoneId: 'America/New_York' });

const clock = (timeZone: string, iso: string) => {
  const part = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    })
      .formatToParts(new Date(iso))
      .map((p) => [p.type, p.value]),
  );
  return `${part.day}/${part.month}/${part.year} à ${part.hour}:${part.minute}`;
};

test('a browser in New York shows an account’s creation in Paris time', async ({ page, request }) => {
  const token = await apiToken(request, 'admin');
  const found = await apiSend<{ lignes: { id: number; identifiant: string }[] }>(
    request,
    token,
    'POST',
    '/api/user/search',
    { texte: 'membre' },
  );
  const membre = found.lignes.find((u) => u.identifiant === 'membre')!;
  const infos = await request.get(`/api/user/${membre.id}/infos`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const { creeLe } = (await infos.json()) as { creeLe: string };

  await signIn(page, 'admin');
  expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(
    'America/New_York',
  );
  await page.goto(`/app/admin/utilisateurs/${membre.id}`);
  const paris = clock('Europe/Paris', creeLe);
  expect(paris).not.toBe(clock('America/New_York', creeLe));
  await expect(page.getByText(`membre — créé le ${paris}`)).toBeVisible();
});
