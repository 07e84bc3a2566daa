/**
 * The import wizard's state: the file chosen, its preview (the same file sent with dryRun=true), the
 * final report, the upload's progress, and the step they make (file → preview → report).
 */
import type { ImportReport } from '@union/contract';
import { useState } from 'react';
import { openDialog } from '../../../components/dialog';
import { toast } from '../../../components/toast';
import { useImportMembers } from '../api/import-members';

type ImportStep = 0 | 1 | 2;

export function useImportWizard(
  entite: { id: number; nom: string },
  onImported?: (report: ImportReport) => void,
) {
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ImportReport | null>(null);
  const [result, setResult] = useState<ImportReport | null>(null);
  const [progress, setProgress] = useState(0);
  const send = useImportMembers();
  const step: ImportStep = result ? 2 : preview ? 1 : 0;
  const toApply = preview ? preview.creations + preview.misesAJour : 0;

  function analyse(chosen: File) {
    setFile(chosen);
    setProgress(0);
    send.mutate(
      { idEntite: entite.id, file: chosen, dryRun: true, onProgress: setProgress },
      { onSuccess: setPreview, onError: () => setFile(null) },
    );
  }

  async function confirmImport() {
    if (!file || !preview) return;
    const details = [
      `${preview.creations} compte${preview.creations > 1 ? 's' : ''} créé${preview.creations > 1 ? 's' : ''}, avec une invitation par e-mail`,
      `${preview.misesAJour} membre${preview.misesAJour > 1 ? 's' : ''} mis à jour`,
    ];
    if (preview.rejets > 0)
      details.push(
        `${preview.rejets} ligne${preview.rejets > 1 ? 's' : ''} rejetée${preview.rejets > 1 ? 's' : ''}, ignorée${preview.rejets > 1 ? 's' : ''}`,
      );
    const answer = await openDialog({
      type: 'question',
      title: 'Confirmer l’import',
      text: `Importer ce fichier dans « ${entite.nom} » ? Tout est enregistré en une fois, ou rien en cas d’erreur.`,
      details,
      okLabel: 'Importer',
    });
    if (answer !== 'ok') return;
    setProgress(0);
    send.mutate(
      { idEntite: entite.id, file, dryRun: false, onProgress: setProgress },
      {
        onSuccess: (report) => {
          setResult(report);
          toast(
            'success',
            `Import terminé : ${report.creations} créé${report.creations > 1 ? 's' : ''}, ${report.misesAJour} mis à jour.`,
          );
          onImported?.(report);
        },
      },
    );
  }

  function restart() {
    setFile(null);
    setPreview(null);
    setResult(null);
    send.reset();
  }

  return {
    step,
    preview,
    result,
    progress,
    toApply,
    sending: send.isPending,
    analyse,
    confirmImport,
    restart,
  };
}
