export { PortalMessages } from './components/PortalMessages';
