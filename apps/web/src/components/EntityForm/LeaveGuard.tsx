import { useCallback, useContext, useEffect, useRef } from 'react';
import type { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { UNSAFE_DataRouterContext, useBlocker } from 'react-router';

type ModalApi = ReturnType<typeof Modal.useModal>[0];

/**
 * Asks "discard the unsaved changes?" and resolves with the answer. Shared by Cancel and by leaving, so
 * every editor asks in the same words.
 */
export function useConfirmDiscard(modal: ModalApi): () => Promise<boolean> {
  const { t } = useTranslation('components');
  return useCallback(
    () =>
      new Promise<boolean>((resolve) => {
        modal.confirm({
          title: t('unsaved.title'),
          content: t('unsaved.content'),
          okText: t('unsaved.discard'),
          cancelText: t('unsaved.keepEditing'),
          okButtonProps: { danger: true },
          onOk: () => resolve(true),
          onCancel: () => resolve(false),
        });
      }),
    [modal, t],
  );
}

/** Blocks navigation inside the portal (menu, links, browser back) until the user answers. */
function RouterBlock({ confirm }: { confirm: () => Promise<boolean> }) {
  // Replacing the URL of the same page (e.g. the tab kept in `?tab=`) keeps the editor mounted: no loss.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation, historyAction }) =>
      !(historyAction === 'REPLACE' && currentLocation.pathname === nextLocation.pathname),
  );
  const blockerRef = useRef(blocker);
  blockerRef.current = blocker;
  // One question per blocked navigation. Keyed by the blocked location too: a Back pressed right after
  // answering "keep editing" blocks again before React renders the reset, so the state alone reads
  // "blocked" throughout and would not ask a second time.
  const asking = useRef(false);
  const blockedLocation = blocker.state === 'blocked' ? blocker.location : undefined;
  useEffect(() => {
    if (blockedLocation === undefined || asking.current) return;
    asking.current = true;
    void confirm().then((leave) => {
      asking.current = false;
      if (leave) blockerRef.current.proceed?.();
      else blockerRef.current.reset?.();
    });
  }, [blockedLocation, confirm]);
  return null;
}

/**
 * Mounted while an editor holds unsaved changes: leaving the page through the router asks first, and
 * closing or reloading the tab gets the browser's own question (`beforeunload`). Only mounted while there
 * is something to lose, because a router honours one blocker at a time and a page may hold several forms.
 * Outside a data router (component tests with a plain MemoryRouter) only the tab is guarded.
 */
export function LeaveGuard({ confirm }: { confirm: () => Promise<boolean> }) {
  const dataRouter = useContext(UNSAFE_DataRouterContext);
  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, []);
  return dataRouter ? <RouterBlock confirm={confirm} /> : null;
}
