import { createContext, useContext, useEffect, useRef, type MutableRefObject, type ReactNode } from 'react';
import { Drawer, type DrawerProps } from 'antd';

/** May the drawer close? The editor inside answers, asking first when something typed would be lost. */
type LeaveCheck = () => Promise<boolean>;

const LeaveCheckContext = createContext<MutableRefObject<LeaveCheck | null> | null>(null);

/**
 * A drawer holding an editor: its close button, the mask and Escape go through the editor's own question
 * ("discard the unsaved changes?"), as Cancel does, so closing it never drops what was typed unasked.
 */
export function FormDrawer({
  onClose,
  children,
  ...props
}: Omit<DrawerProps, 'onClose'> & { onClose: () => void; children: ReactNode }) {
  const check = useRef<LeaveCheck | null>(null);
  const close = async () => {
    if (check.current === null || (await check.current())) onClose();
  };
  return (
    <Drawer {...props} onClose={() => void close()}>
      <LeaveCheckContext.Provider value={check}>{children}</LeaveCheckContext.Provider>
    </Drawer>
  );
}

/** Lets the enclosing `FormDrawer` (if any) ask `mayLeave` before it closes. */
export function useDrawerLeaveCheck(mayLeave: LeaveCheck): void {
  const slot = useContext(LeaveCheckContext);
  // Every render: the check reads the form's current mode and values.
  useEffect(() => {
    if (slot === null) return;
    slot.current = mayLeave;
    return () => {
      if (slot.current === mayLeave) slot.current = null;
    };
  });
}
