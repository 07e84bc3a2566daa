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

/** The paths of the administration calls (specification §7 where it names them). */
export const ADMIN_API = {
  userSearch: '/api/user/search',
  user: '/api/user',
  userInfos: (id: number | string) => `/api/user/${id}/infos`,
  userHistory: (id: number | string) => `/api/user/${id}/historique`,
  userAnonymise: (id: number | string) => `/api/user/${id}/anonymiser`,
  userInvitation: (id: number | string) => `/api/user/${id}/invitation`,
  userMemberships: (id: number | string) => `/api/user/${id}/appartenances`,
  userMembership: (userId: number | string, id: number | string) => `/api/user/${userId}/appartenances/${id}`,
  personalData: '/api/user/donnees-personnelles',
  entityAll: '/api/entite/all',
  entity: '/api/entite',
  entityInfos: (id: number | string) => `/api/entite/${id}/infos`,
  entityHistory: (id: number | string) => `/api/entite/${id}/historique`,
  entityMemberships: (id: number | string) => `/api/entite/${id}/appartenances`,
  rooms: '/api/parametres/salles',
  settings: '/api/parametres/union',
} as const;
