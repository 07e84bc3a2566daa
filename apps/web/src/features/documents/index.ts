export { ConvocationLinks } from './components/ConvocationLinks';
