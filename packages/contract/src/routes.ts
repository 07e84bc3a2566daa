/**
 * Every API path of the specification (§7), in one place, so the server and the client cannot disagree.
 * Paths with parameters are functions for the client and `:name` patterns for the server.
 */
export const API = {
  token: '/oauth/token',
  userInfo: '/api/user/info',
  account: '/api/user/compte',
  password: '/api/user/password',
  passwordReset: '/api/user/password/reinitialiser',
  email: '/api/user/email',
  telephone: '/api/user/telephone',
  notificationRestauration: '/api/user/notification/restauration',
  notificationDocuments: '/api/user/notification/documents',
  droits: '/api/parametres/droits',
  salles: '/api/parametres/salles',
  userEntities: (purpose: string) => `/api/user/entites/${purpose}`,
  adminEmails: '/api/admin/emails',
} as const;
