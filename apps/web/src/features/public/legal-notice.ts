/**
 * The facts shown on the legal-notices page, kept apart from the layout so that the association can
 * correct them in one place. The specification names what they are (an address in Lyon, the developing
 * company, the host) but not their values: these must be confirmed by the Union before going live.
 */
export const LEGAL_NOTICE = {
  publisher: {
    name: 'Union des Loges et Associations de Lyon, association régie par la loi du 1er juillet 1901',
    address: 'Siège : 8, rue Garibaldi, 69006 Lyon',
    email: 'secretariat@union-lyon.fr',
    director: "le président de l'Union",
  },
  developer: {
    name: 'Société de conception et de développement : Atelier Numérique Lyonnais SARL',
    address: '12, quai Saint-Vincent, 69001 Lyon',
  },
  host: {
    name: 'OVH SAS',
    address: '2, rue Kellermann, 59100 Roubaix, France',
  },
} as const;
