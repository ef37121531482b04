// Its own module: the portal and each view it shows name it, and the views do not import the portal (decision 072).

/** The portal's three views (spec §2): overview → business → site; Back returns one level. */
export type AdminView =
  | { kind: 'overview' }
  | { kind: 'business'; businessId: number }
  | { kind: 'site'; businessId: number; siteId: number }
  /** The signed-in super-admin's two-factor sign-in and sessions (decision 065). */
  | { kind: 'security' };
