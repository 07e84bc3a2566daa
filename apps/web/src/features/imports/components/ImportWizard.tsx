/**
 * The member import wizard: choose a file, read the preview (counts, rejected rows with their reason,
 * what will be created or updated), confirm, read the report. The server does every check; the preview
 * and the import send the same file, the first with dryRun=true. The state is `useImportWizard`; each
 * step is its own component.
 */
import { Stack, Stepper } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ImportReport } from '@union/contract';
import { FileStep } from './FileStep';
import { PreviewStep } from './PreviewStep';
import { ReportStep } from './ReportStep';
import { useImportWizard } from './useImportWizard';

interface ImportWizardProps {
  /** The entity the members join. */
  entite: { id: number; nom: string };
  /** Called after a successful import (to refresh lists), and when the user closes the report. */
  onImported?: (report: ImportReport) => void;
  onClose?: () => void;
}

const STEPS = ['Fichier', 'Aperçu', 'Compte rendu'];

export function ImportWizard({ entite, onImported, onClose }: ImportWizardProps) {
  const wizard = useImportWizard(entite, onImported);
  const narrow = useMediaQuery('(max-width: 36em)');
  const { step, preview, result } = wizard;

  return (
    <Stack gap="md">
      <Stepper active={step} size="sm" allowNextStepsSelect={false} aria-label="Étapes de l’import">
        {STEPS.map((label, index) => (
          // On a phone only the current step is named, so the three stay on one line.
          <Stepper.Step key={label} label={narrow && index !== step ? undefined : label} aria-label={label} />
        ))}
      </Stepper>

      {step === 0 && (
        <FileStep
          sending={wizard.sending}
          progress={wizard.progress}
          onFile={wizard.analyse}
          onClose={onClose}
        />
      )}
      {step === 1 && preview && (
        <PreviewStep
          preview={preview}
          toApply={wizard.toApply}
          sending={wizard.sending}
          progress={wizard.progress}
          onConfirm={() => void wizard.confirmImport()}
          onRestart={wizard.restart}
        />
      )}
      {step === 2 && result && <ReportStep result={result} onRestart={wizard.restart} onClose={onClose} />}
    </Stack>
  );
}
