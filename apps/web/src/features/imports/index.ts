export { ImportWizard } from './components/ImportWizard';
