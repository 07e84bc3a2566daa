/**
 * Documents and messages journeys of issue 10: the venerable publishes a convocation (progress bar) and
 * distributes it; a member finds it by a word inside the PDF and opens it, on a phone too; a member of
 * another lodge does not see it; the secretariat posts a warning that members see on their portal.
 */
import PDFDocument from 'pdfkit';
import { expect, test, lastEmailTo, linkIn, openWithKeys, signIn } from './fixtures';

/** A word found nowhere else: letters only, so the search reads it as one word. */
const WORD = `zephyr${Date.now()
  .toString()
  .split('')
  .map((d) => 'abcdefghij'[Number(d)])
  .join('')}`;
const TITLE = `Convocation à la tenue solsticiale ${WORD.slice(-4)}`;
const MESSAGE = `Travaux au temple ${WORD.slice(-4)}`;
let documentPath = '';

/** A real PDF of about 2 MB (so that the upload takes a visible moment), the word on its second page. */
function convocationPdf(): Promise<Buffer> {
  return new Promise((resolve) => {
    const doc = new PDFDocument({ compress: false });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.fontSize(20).text('Les Chevaliers du Rhône');
    doc.fontSize(12).text('Convocation à la tenue solsticiale du mardi 23 juin.');
    doc.addPage();
    doc.text(`Ordre du jour : planche sur le ${WORD}, agapes fraternelles.`);
    // Padding: a long comment PDF readers skip.
    doc.addPage();
    doc.text(' ');
    doc.end();
  }).then((pdf) => Buffer.concat([pdf as Buffer, Buffer.from(`%${'x'.repeat(2 * 1024 * 1024)}\n`)]));
}

test.describe.serial('documents and messages', () => {
  test('venerable publishes a convocation with the progress bar, then distributes it', async ({
    page,
    request,
  }) => {
    // Upload, text extraction, edit and distribution: the longest journey of the suite on a busy machine.
    test.slow();
    await signIn(page, 'venerable');
    await page.getByRole('main').getByText('Documents', { exact: true }).click();
    await expect(page).toHaveURL(/\/app\/doc$/);
    await page.getByRole('link', { name: 'Publier un document' }).click();

    await expect(page.getByRole('textbox', { name: 'Loge ou association qui publie' })).toHaveValue(
      'Les Chevaliers du Rhône',
    );
    await expect(page.getByRole('textbox', { name: 'Type' })).toHaveValue('Convocation');
    await page.getByRole('textbox', { name: 'Titre' }).fill(TITLE);
    await page.locator('input[type=file]').setInputFiles({
      name: 'convocation-solstice.pdf',
      mimeType: 'application/pdf',
      buffer: await convocationPdf(),
    });
    const row = page.getByRole('listitem').filter({ hasText: 'convocation-solstice.pdf' });
    await expect(row.getByText('En attente')).toBeVisible();
    const bar = row.getByRole('progressbar', { name: "Progression de l'envoi de convocation-solstice.pdf" });
    await expect(bar).toHaveAttribute('aria-valuenow', '0');
    await page.getByRole('button', { name: 'Publier' }).click();
    await expect(row.getByText('Publié')).toBeVisible({ timeout: 30_000 });
    await expect(bar).toHaveAttribute('aria-valuenow', '100');
    await expect(bar).toHaveAttribute('aria-valuetext', '100 % – Publié');

    await row.getByRole('link', { name: `Ouvrir « ${TITLE} »` }).click();
    await expect(page.getByRole('heading', { name: TITLE })).toBeVisible();
    documentPath = new URL(page.url()).pathname;
    await expect(page.getByText('Non diffusé')).toBeVisible();
    // The date of the session, corrected after publishing, once the preview is in its place.
    await expect(page.getByTitle(`Aperçu de « ${TITLE} »`)).toBeVisible();
    // Opened again if the first press is lost: the PDF's frame, still loading, can take the focus or move
    // the button under a click (seen once on CI: no dialog, the focus in the frame).
    const editor = page.getByRole('dialog', { name: 'Modifier le document' });
    await openWithKeys(page.getByRole('button', { name: 'Modifier' }), editor);
    // The date field is the forms' one calendar: up to the decade, then 2026, June, the 23rd.
    await editor.getByRole('button', { name: 'Date du document' }).click();
    await page.getByRole('button', { name: "Choisir le mois dans l'année" }).click();
    await page.getByRole('button', { name: 'Choisir l’année dans la décennie' }).click();
    await page.getByRole('button', { name: '2026', exact: true }).click();
    await page.getByRole('button', { name: /^juin/ }).click();
    await page.getByRole('button', { name: '23 juin 2026' }).click();
    await editor.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByText('Les Chevaliers du Rhône · mardi 23 juin 2026')).toBeVisible();
    await expect(editor).toBeHidden();
    // The panel is drawn again when the edited document comes back from the server: a click landing on
    // the button being replaced is lost, and a user would click again, as this does.
    const confirmDistribution = page.getByRole('dialog', { name: 'Diffuser par e-mail' });
    await expect(async () => {
      if (!(await confirmDistribution.isVisible())) {
        await page.getByRole('button', { name: 'Diffuser par e-mail' }).click({ timeout: 3_000 });
      }
      await expect(confirmDistribution).toBeVisible({ timeout: 3_000 });
    }).toPass({ timeout: 20_000 });
    // The confirmation says how many people will be e-mailed, and the toast counts what was queued.
    await confirmDistribution.getByRole('button', { name: /^Envoyer \d+ e-mails?$/ }).click();
    await expect(page.getByText(/\d+ e-mails? en file d'envoi/)).toBeVisible();
    await expect(page.getByText('Diffusé', { exact: true })).toBeVisible();
    await page.screenshot({ path: 'test-results/document-publisher.png', fullPage: true });
    // Without SMTP, the e-mails wait in the outbox: the member's holds the link, never the file.
    const email = await lastEmailTo(request, 'membre@demo.union-lyon.fr');
    expect(email?.sujet).toBe(`Convocation : ${TITLE}`);
    expect(email?.texte).toContain(documentPath);
    expect(email?.texte).not.toContain(WORD);
    await expect(page.getByRole('row', { name: /En attente/ })).toContainText(/[1-9]/);
  });

  test('membre finds the convocation by a word inside the PDF and opens it, on a phone', async ({ page }) => {
    await page.setViewportSize({ width: 380, height: 800 });
    await signIn(page, 'membre');
    await page.goto('/app/doc');
    await page.getByRole('searchbox', { name: 'Rechercher' }).fill(WORD);
    const result = page.getByRole('link', { name: TITLE });
    await expect(result).toBeVisible();
    await expect(page.getByText('1 document', { exact: true })).toBeVisible();
    await result.click();
    await expect(page.getByRole('heading', { name: TITLE })).toBeVisible();
    await expect(page.locator(`iframe[title="Aperçu de « ${TITLE} »"]`)).toHaveAttribute('src', /^blob:/);
    // A member reads; the distribution is the publishers' business.
    await expect(page.getByRole('heading', { name: 'Diffusion par e-mail' })).toHaveCount(0);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: /Télécharger/ }).click();
    expect((await download).suggestedFilename()).toBe('convocation-solstice.pdf');
    // Nothing wider than the phone's screen.
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(380);
    await page.screenshot({ path: 'test-results/documents-phone.png', fullPage: true });
  });

  test('membre unsubscribes from the distribution e-mails through their link', async ({ page, request }) => {
    const email = await lastEmailTo(request, 'membre@demo.union-lyon.fr');
    const link = linkIn(email!.texte.slice(email!.texte.indexOf('/desinscription') - 40));
    expect(link).toMatch(/^\/desinscription\?jeton=/);
    await page.goto(link);
    await page.getByRole('button', { name: 'Me désinscrire' }).click();
    await expect(page.getByText("C'est fait")).toBeVisible();
    await signIn(page, 'membre');
    await page.goto('/app/account');
    await expect(page.getByRole('switch', { name: /documents/i })).not.toBeChecked();
  });

  test('a member of another lodge does not see it, and is refused its page', async ({ page }) => {
    await signIn(page, 'membre2');
    await page.goto('/app/doc');
    await page.getByRole('searchbox', { name: 'Rechercher' }).fill(WORD);
    await expect(page.getByText('Aucun document ne correspond.')).toBeVisible();
    await page.goto(documentPath);
    await expect(page.getByRole('dialog', { name: 'Non autorisé' })).toBeVisible();
  });

  test('secretariat posts a warning message, with a live preview of the portal', async ({ page }) => {
    await signIn(page, 'secretariat');
    await page.getByRole('main').getByText('Messages', { exact: true }).click();
    await expect(page).toHaveURL(/\/app\/diffusions$/);
    await page.getByRole('link', { name: 'Nouveau message' }).click();
    await page.getByRole('textbox', { name: 'Titre' }).fill(MESSAGE);
    await page
      .getByRole('textbox', { name: 'Texte' })
      .fill('Le temple Hiram est fermé cette semaine.\nDétails : https://exemple.fr/travaux');
    await page.getByText('Avertissement', { exact: true }).click();
    const preview = page.getByRole('region', { name: 'Aperçu sur le portail' });
    await expect(preview.getByRole('alert')).toContainText(MESSAGE);
    await expect(preview.getByRole('link', { name: 'https://exemple.fr/travaux' })).toBeVisible();
    await page.screenshot({ path: 'test-results/message-editor.png', fullPage: true });
    await page.getByRole('button', { name: 'Publier le message' }).click();
    await expect(page).toHaveURL(/\/app\/diffusions$/);
    await expect(page.getByText(MESSAGE)).toBeVisible();
    await page.screenshot({ path: 'test-results/messages-list.png', fullPage: true });
  });

  test('membre sees the warning above the portal menu and hides it for themselves', async ({ page }) => {
    await signIn(page, 'membre');
    const message = page.getByRole('alert').filter({ hasText: MESSAGE });
    await expect(message).toBeVisible();
    await expect(message).toContainText('Avertissement');
    await page.screenshot({ path: 'test-results/portal-message.png', fullPage: true });
    await expect(message.getByRole('link', { name: 'https://exemple.fr/travaux' })).toHaveAttribute(
      'href',
      'https://exemple.fr/travaux',
    );
    await message.getByRole('button', { name: `Masquer le message « ${MESSAGE} »` }).click();
    await expect(message).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('heading', { name: /Bonjour/ })).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: MESSAGE })).toHaveCount(0);
  });
});
