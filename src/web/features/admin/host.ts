/**
 * Spec §2: on the admin sub-host (`admin.` before the app's host, e.g. `admin.example.com` or
 * `admin.localhost:3000`) the portal is shown whatever the path.
 */
export const isAdminHost = (hostname: string) => /^admin\.[^.]/i.test(hostname);
