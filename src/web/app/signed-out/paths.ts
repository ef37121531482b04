/**
 * Spec §2's signed-out pages. On arrival at one of these the entry shows it without react-router and
 * TanStack Query (decision 050); every other path loads the full app.
 */
export const SIGNED_OUT_PATHS = ['/login', '/register', '/forgot-password', '/reset-password'] as const;
export type SignedOutPath = (typeof SIGNED_OUT_PATHS)[number];

/**
 * The signed-out page a pathname names, matched as react-router matches its routes (any letter case,
 * trailing slashes ignored), so both routers agree on what `/Login/` is; null for any other path.
 */
export function signedOutPath(pathname: string): SignedOutPath | null {
  const path = pathname.replace(/(.)\/+$/, '$1').toLowerCase();
  return SIGNED_OUT_PATHS.find((p) => p === path) ?? null;
}
