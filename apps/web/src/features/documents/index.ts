export { documentsPublicRoutes, documentsRoutes } from './routes';
export { ConvocationLinks } from './components/ConvocationLinks';
