export { ImportWizard, type ImportWizardProps } from './components/ImportWizard';
