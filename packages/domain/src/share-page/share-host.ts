// Kept free of schemas: the H5 share page's own small bundle imports it.

/** Where the page runs, which decides what it offers (docs/decisions.md "The H5 share page"). */
export type ShareHost = 'app' | 'mini_program' | 'messenger' | 'browser';
/** The device type the mobile bridge reports (spec C1.20). */
export type DeviceType = 'android' | 'ios' | 'web';

/**
 * The product's apps put one of these in their web views' user agent; the mobile bridge is used only there.
 * Matched without regard to case.
 */
export const APP_USER_AGENT_MARKERS = ['nioapp', 'peapp', 'titanapp'] as const;

/**
 * Where the page runs, from the user agent and, for the messenger's mini-program web view (which does not
 * always say so in its user agent), the environment flag the messenger sets on the window.
 */
export function shareHostOf(userAgent: string, miniProgramFlag?: string): ShareHost {
  const ua = userAgent.toLowerCase();
  if (APP_USER_AGENT_MARKERS.some((marker) => ua.includes(marker))) return 'app';
  if (miniProgramFlag === 'miniprogram' || ua.includes('miniprogram')) return 'mini_program';
  if (ua.includes('micromessenger')) return 'messenger';
  return 'browser';
}

export function deviceTypeOf(userAgent: string): DeviceType {
  if (/android/i.test(userAgent)) return 'android';
  if (/iphone|ipad|ipod/i.test(userAgent)) return 'ios';
  return 'web';
}
