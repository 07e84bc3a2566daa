export { PersonalDataButton } from './components/PersonalDataButton';
export { BackupWarning } from './components/BackupWarning';
