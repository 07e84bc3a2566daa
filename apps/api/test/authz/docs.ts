/** Authorization rows of the OpenAPI reference (/api/docs): public, like the contract it documents. */
import { everyone, type AuthzRow } from './rows';

const page = (route: string, url: string, status = 200): AuthzRow => ({
  route: `GET ${route}`,
  request: () => ({ url }),
  expect: everyone(status),
});

export const rows: AuthzRow[] = [
  page('/api/docs', '/api/docs'),
  // swagger-ui sends its old page address on to the reference itself.
  page('/api/docs/static/index.html', '/api/docs/static/index.html', 302),
  page('/api/docs/static/swagger-initializer.js', '/api/docs/static/swagger-initializer.js'),
  page('/api/docs/json', '/api/docs/json'),
  page('/api/docs/yaml', '/api/docs/yaml'),
  page('/api/docs/static/*', '/api/docs/static/swagger-ui.css'),
];
