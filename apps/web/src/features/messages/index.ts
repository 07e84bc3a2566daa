export { messagesRoutes } from './routes';
export { PortalMessages } from './components/PortalMessages';
