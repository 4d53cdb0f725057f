import { deviceTypeOf, type DeviceType } from '@cmp/domain/share-page/share-host';

/** A call into the product's app: what to do and with what. */
export type BridgeCall =
  | { action: 'share'; payload: { title: string; description: string; link: string; image?: string } }
  | { action: 'viewImages'; payload: { urls: string[]; index: number } }
  | { action: 'openLink'; payload: { url: string } }
  | { action: 'joinGroup'; payload: { groupId: number; inviterIdEncrypt: string } }
  | { action: 'reply'; payload: { postId: string; replyId?: string } }
  | { action: 'like'; payload: { postId: string } }
  | { action: 'follow'; payload: { accountId: string } };

interface BridgeWindow {
  webkit?: { messageHandlers?: { cmpBridge?: { postMessage: (message: unknown) => void } } };
  cmpBridge?: { postMessage: (message: string) => void };
}

/**
 * The bridge into the product's apps (spec C1.19–C1.21, docs/decisions.md "The H5 share page"): the message
 * `{ action, payload, deviceType }`, to the iOS web view's `cmpBridge` message handler or the Android web
 * view's injected `cmpBridge.postMessage` (a JSON string). Only for a page the app opened; every call swallows
 * what goes wrong, so a bridge an app version lacks never breaks the page.
 */
export function callApp(
  call: BridgeCall,
  userAgent = navigator.userAgent,
  target: unknown = window,
): boolean {
  const deviceType: DeviceType = deviceTypeOf(userAgent);
  const message = { ...call, deviceType };
  try {
    const bridge = target as BridgeWindow;
    const ios = bridge.webkit?.messageHandlers?.cmpBridge;
    if (ios) {
      ios.postMessage(message);
      return true;
    }
    if (bridge.cmpBridge) {
      bridge.cmpBridge.postMessage(JSON.stringify(message));
      return true;
    }
  } catch {
    // Swallowed as the spec says: the page works on without the app's help.
  }
  return false;
}
